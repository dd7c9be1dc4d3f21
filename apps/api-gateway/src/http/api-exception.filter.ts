import { ArgumentsHost, Catch, ExceptionFilter, HttpException, HttpStatus, Logger } from '@nestjs/common';
import { FastifyReply } from 'fastify';
import { ExpectedVersionConflictError } from '@pvs/event-store';
import { BODY_LIMIT_BYTES } from '../gateway-config';
import { ErrorResponse } from './api-error';
import { REFUSAL_STATUS, RefusedError } from './refusals';

/** Turns every error into `{success:false, message}`; anything unexpected is a logged 500. */
@Catch()
export class ApiExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('ApiExceptionFilter');

  catch(exception: unknown, host: ArgumentsHost): void {
    const reply = host.switchToHttp().getResponse<FastifyReply>();
    if (exception instanceof HttpException) {
      reply.status(exception.getStatus()).send(ErrorResponse.of(messageOf(exception)));
      return;
    }
    if (exception instanceof RefusedError) {
      reply.status(REFUSAL_STATUS[exception.refusal.kind]).send(ErrorResponse.of(exception.refusal.message));
      return;
    }
    if (exception instanceof ExpectedVersionConflictError) {
      // A command that kept losing to concurrent changes after its retries: the client's to retry.
      reply.status(HttpStatus.CONFLICT).send(ErrorResponse.of('The resource was changed by another request meanwhile; try again'));
      return;
    }
    this.logger.error(exception instanceof Error ? exception.stack : String(exception));
    reply.status(HttpStatus.INTERNAL_SERVER_ERROR).send(ErrorResponse.of('Internal server error'));
  }
}

// Fastify refuses these before Nest routes the request; its wording is replaced by ours.
const FRAMEWORK_MESSAGES: Partial<Record<number, string>> = {
  [HttpStatus.PAYLOAD_TOO_LARGE]: `The request body exceeds the limit of ${BODY_LIMIT_BYTES / 1024} KB`,
  [HttpStatus.UNSUPPORTED_MEDIA_TYPE]: 'Unsupported content type: send application/json',
};

function messageOf(exception: HttpException): string {
  const framework = FRAMEWORK_MESSAGES[exception.getStatus()];
  if (framework) return framework;
  const response = exception.getResponse();
  if (typeof response === 'string') return response;
  const message = (response as { message?: unknown }).message;
  if (Array.isArray(message)) return message.join('; ');
  return typeof message === 'string' ? message : exception.message;
}

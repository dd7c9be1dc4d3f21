import { randomUUID } from 'node:crypto';
import { INestApplication } from '@nestjs/common';
import { FastifyAdapter, NestFastifyApplication } from '@nestjs/platform-fastify';
import { FastifyReply, FastifyRequest } from 'fastify';
import { IncomingMessage } from 'node:http';
import { BODY_LIMIT_BYTES } from '../gateway-config';
import { ApiExceptionFilter } from './api-exception.filter';
import { BodyValidationPipe } from './body-validation.pipe';

export const API_PREFIX = 'api/v1';

const REQUEST_ID = /^[A-Za-z0-9._-]{1,128}$/;

/** Fastify, with the request id taken from a well-formed X-Request-Id or made fresh. */
export function createHttpAdapter(): FastifyAdapter {
  return new FastifyAdapter({
    bodyLimit: BODY_LIMIT_BYTES,
    requestIdHeader: false,
    genReqId: (request: IncomingMessage) => {
      const given = request.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    },
    logger: false,
  });
}

/** Prefix, error bodies and validation shared by every way of running the gateway. */
export function configureHttpServer(app: INestApplication): void {
  const fastifyApp = app as NestFastifyApplication;
  fastifyApp.setGlobalPrefix(API_PREFIX);
  fastifyApp.useGlobalFilters(new ApiExceptionFilter());
  fastifyApp.useGlobalPipes(new BodyValidationPipe());
  const fastify = fastifyApp.getHttpAdapter().getInstance();
  fastify.removeContentTypeParser('text/plain'); // every body is JSON: anything else is a 415
  fastify.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply) => {
    reply.header('x-request-id', request.id);
  });
}

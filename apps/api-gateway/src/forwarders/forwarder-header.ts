import { BadRequestException } from '@nestjs/common';
import { FastifyRequest } from 'fastify';
import { plainTextProblem } from '../http/plain-text';
import { MAX_SENDER_LENGTH } from '../sms/ingest-sms/forwarded-sms';

export const FORWARDER_HEADER = 'x-forwarder-id';

/**
 * The phone an app that names none is told apart by: the merchant sets `X-Forwarder-Id` per phone in the app's
 * headers. A header that is there but is no plain identifier is refused, so a misconfigured phone is seen at once.
 */
export function forwarderHeader(request: FastifyRequest): string | null {
  const value = request.headers[FORWARDER_HEADER];
  if (value === undefined) return null;
  const name = (Array.isArray(value) ? value.join(',') : value).trim();
  const problem = plainTextProblem(name, 'identifier', 1, MAX_SENDER_LENGTH);
  if (problem !== null) throw new BadRequestException(`X-Forwarder-Id ${problem}`);
  return name;
}

import { BadRequestException } from '@nestjs/common';
import { AuthenticatedRequest } from '../auth/authenticated-request';
import { plainTextProblem } from '../http/plain-text';
import { MAX_SENDER_LENGTH } from '../sms/ingest-sms/forwarded-sms';

export const FORWARDER_HEADER = 'x-forwarder-id';

/**
 * The phone an app that names none is told apart by: its forwarder key, or the `X-Forwarder-Id` the merchant sets per
 * phone in the app's headers. A header that is there but is no plain identifier is refused, and so is one naming
 * another phone than the key, so a misconfigured phone is seen at once.
 */
export function forwarderHeader(request: Pick<AuthenticatedRequest, 'headers' | 'forwarderName'>): string | null {
  const value = request.headers[FORWARDER_HEADER];
  const keyed = request.forwarderName ?? null;
  if (value === undefined) return keyed;
  const name = (Array.isArray(value) ? value.join(',') : value).trim();
  const problem = plainTextProblem(name, 'identifier', 1, MAX_SENDER_LENGTH);
  if (problem !== null) throw new BadRequestException(`X-Forwarder-Id ${problem}`);
  if (keyed !== null && keyed !== name) throw new BadRequestException('X-Forwarder-Id names another phone than the forwarder key');
  return name;
}

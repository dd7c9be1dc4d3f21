import { createHmac, timingSafeEqual } from 'node:crypto';
import { WebhookVerificationError } from './errors';
import type { WebhookEvent } from './types';

/** Header values as Node, Express, Fastify or NestJS give them, or a fetch `Headers`. */
export type WebhookHeaders = Headers | Readonly<Record<string, string | readonly string[] | undefined>>;

export interface VerifyWebhookOptions {
  /** How far `webhook-timestamp` may be from now before the webhook is taken for a replay; 300 s by default. */
  readonly toleranceSeconds?: number;
  /** The time to check the timestamp against (tests). */
  readonly now?: Date;
}

const SECRET_PREFIX = 'whsec_';
const DEFAULT_TOLERANCE_SECONDS = 300;

function header(headers: WebhookHeaders, name: string): string | undefined {
  if (headers instanceof Headers) return headers.get(name) ?? undefined;
  const key = Object.keys(headers).find((candidate) => candidate.toLowerCase() === name);
  const value = key === undefined ? undefined : headers[key];
  return typeof value === 'string' ? value : value?.[0];
}

/** Compares two byte strings in constant time (their length is no secret: a digest's is fixed). */
function sameBytes(a: Buffer, b: Buffer): boolean {
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The Standard Webhooks key: the base64 after `whsec_`. */
function standardKey(secret: string): Buffer {
  const encoded = secret.slice(SECRET_PREFIX.length);
  const key = Buffer.from(encoded, 'base64');
  if (!secret.startsWith(SECRET_PREFIX) || key.length === 0 || key.toString('base64') !== encoded) {
    throw new TypeError('The webhook secret must be the whsec_… string the service gave you');
  }
  return key;
}

function checkServiceSignature(body: Buffer, signature: string | undefined, secrets: readonly string[]): void {
  if (signature === undefined) throw new WebhookVerificationError('missing_signature', 'No X-Service-Signature header');
  const given = Buffer.from(signature.trim().toLowerCase());
  const matches = secrets.some((secret) => sameBytes(given, Buffer.from(createHmac('sha256', secret).update(body).digest('hex'))));
  if (!matches) throw new WebhookVerificationError('bad_signature', 'X-Service-Signature does not match the body');
}

function checkStandardSignature(body: Buffer, id: string, timestamp: string, signatures: string, secrets: readonly string[], options: VerifyWebhookOptions): void {
  const seconds = /^\d{1,12}$/.test(timestamp) ? Number(timestamp) : Number.NaN;
  const now = Math.floor((options.now ?? new Date()).getTime() / 1000);
  if (!(Math.abs(now - seconds) <= (options.toleranceSeconds ?? DEFAULT_TOLERANCE_SECONDS))) {
    throw new WebhookVerificationError('timestamp_out_of_window', 'webhook-timestamp is too far from now: a replay, or a clock that is off');
  }
  const signed = Buffer.concat([Buffer.from(`${id}.${timestamp}.`), body]);
  const expected = secrets.map((secret) => createHmac('sha256', standardKey(secret)).update(signed).digest());
  const given = signatures
    .split(' ')
    .filter((entry) => entry.startsWith('v1,'))
    .map((entry) => Buffer.from(entry.slice(3), 'base64'));
  if (!given.some((signature) => expected.some((digest) => sameBytes(signature, digest)))) {
    throw new WebhookVerificationError('bad_signature', 'webhook-signature does not match the body');
  }
}

function isWebhookEvent(value: unknown): value is WebhookEvent {
  if (typeof value !== 'object' || value === null || !('event' in value) || !('id' in value) || !('data' in value)) return false;
  const { event, id, data } = value;
  if (typeof event !== 'string' || typeof id !== 'string' || typeof data !== 'object' || data === null) return false;
  // A payment webhook names its payment; an alert webhook its alert.
  return ('uuid' in data && typeof data.uuid === 'string') || ('alert_id' in data && typeof data.alert_id === 'string');
}

/**
 * Verifies a webhook of the service on the raw body it was sent with (before any JSON parsing), and returns its
 * event. `X-Service-Signature` must match; the Standard Webhooks headers, which the service always sends, must too,
 * with `webhook-timestamp` within five minutes of now. During a secret rotation pass both secrets, the new one first.
 * Throws a `WebhookVerificationError` otherwise: answer 403.
 */
export function verifyWebhook(rawBody: string | Uint8Array, headers: WebhookHeaders, secret: string | readonly string[], options: VerifyWebhookOptions = {}): WebhookEvent {
  const secrets = typeof secret === 'string' ? [secret] : secret;
  if (secrets.length === 0) throw new TypeError('Give the webhook secret');
  // Stryker disable next-line ConditionalExpression: Buffer.from copies a Uint8Array's bytes too; the branch only spares the copy
  const body = typeof rawBody === 'string' ? Buffer.from(rawBody) : Buffer.from(rawBody.buffer, rawBody.byteOffset, rawBody.byteLength);
  checkServiceSignature(body, header(headers, 'x-service-signature'), secrets);
  const [id, timestamp, signatures] = [header(headers, 'webhook-id'), header(headers, 'webhook-timestamp'), header(headers, 'webhook-signature')];
  if (id !== undefined || timestamp !== undefined || signatures !== undefined) {
    if (id === undefined || timestamp === undefined || signatures === undefined) throw new WebhookVerificationError('missing_signature', 'Some Standard Webhooks headers are missing');
    checkStandardSignature(body, id, timestamp, signatures, secrets, options);
  }
  let event: unknown;
  try {
    event = JSON.parse(body.toString('utf8'));
  } catch {
    throw new WebhookVerificationError('malformed_payload', 'The body is not JSON');
  }
  if (!isWebhookEvent(event) || (id !== undefined && event.id !== id)) throw new WebhookVerificationError('malformed_payload', 'The body is no webhook event of the service');
  return event;
}

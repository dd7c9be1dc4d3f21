import { createHmac, timingSafeEqual } from 'node:crypto';
import { WebhookVerificationError } from './errors';
import type { WebhookEvent } from './types';

/** Header values as Node, Express, Fastify or NestJS give them, or a fetch `Headers`. */
export type WebhookHeaders = Headers | Readonly<Record<string, string | readonly string[] | undefined>>;

export interface VerifyWebhookOptions {
  /** How far the webhook's timestamp may be from now before the webhook is taken for a replay; 300 s by default. */
  readonly toleranceSeconds?: number;
  /** The time to check the timestamp against (tests). */
  readonly now?: Date;
  /**
   * Only for a receiver behind a proxy that drops the `webhook-*` headers: verify `X-Service-Signature` alone and
   * take the body's `created_at` for the timestamp. That is the time of the decision, the same on every retry, so a
   * retry sent more than `toleranceSeconds` after it is refused too.
   */
  readonly serviceSignatureOnly?: boolean;
}

const SECRET_PREFIX = 'whsec_';
const DEFAULT_TOLERANCE_SECONDS = 300;

function header(headers: WebhookHeaders, name: string): string | undefined {
  const value = headers instanceof Headers ? headers.get(name) : Object.entries(headers).find(([candidate]) => candidate.toLowerCase() === name)?.[1];
  const first = typeof value === 'string' ? value : value?.[0];
  // A header sent empty (or as an empty list) must not pass for one sent with a value.
  return first?.trim() ? first : undefined;
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

function checkTimestamp(sentAtSeconds: number, source: string, options: VerifyWebhookOptions): void {
  const now = Math.floor((options.now ?? new Date()).getTime() / 1000);
  if (!(Math.abs(now - sentAtSeconds) <= (options.toleranceSeconds ?? DEFAULT_TOLERANCE_SECONDS))) {
    throw new WebhookVerificationError('timestamp_out_of_window', `${source} is too far from now: a replay, or a clock that is off`);
  }
}

const STANDARD_HEADERS = ['webhook-id', 'webhook-timestamp', 'webhook-signature'] as const;

/** Returns the webhook's id, once its Standard Webhooks signature and timestamp are checked. */
function checkStandardSignature(body: Buffer, headers: WebhookHeaders, secrets: readonly string[], options: VerifyWebhookOptions): string {
  const values = STANDARD_HEADERS.map((name) => header(headers, name));
  const [id, timestamp, signatures] = values;
  if (id === undefined || timestamp === undefined || signatures === undefined) {
    const missing = STANDARD_HEADERS.filter((_name, at) => values[at] === undefined);
    throw new WebhookVerificationError('missing_headers', `Missing Standard Webhooks headers: ${missing.join(', ')}`);
  }
  checkTimestamp(/^\d{1,12}$/.test(timestamp) ? Number(timestamp) : Number.NaN, 'webhook-timestamp', options);
  const signed = Buffer.concat([Buffer.from(`${id}.${timestamp}.`), body]);
  const expected = secrets.map((secret) => createHmac('sha256', standardKey(secret)).update(signed).digest());
  const given = signatures
    .split(' ')
    .filter((entry) => entry.startsWith('v1,'))
    .map((entry) => Buffer.from(entry.slice(3), 'base64'));
  if (!given.some((signature) => expected.some((digest) => sameBytes(signature, digest)))) {
    throw new WebhookVerificationError('bad_signature', 'webhook-signature does not match the body');
  }
  return id;
}

function isWebhookEvent(value: unknown): value is WebhookEvent {
  if (typeof value !== 'object' || value === null || !('event' in value) || !('id' in value) || !('created_at' in value) || !('data' in value)) return false;
  const { event, id, created_at, data } = value;
  if (typeof event !== 'string' || typeof id !== 'string' || typeof created_at !== 'string' || typeof data !== 'object' || data === null) return false;
  // A payment webhook names its payment; an alert webhook its alert.
  return ('uuid' in data && typeof data.uuid === 'string') || ('alert_id' in data && typeof data.alert_id === 'string');
}

/**
 * Verifies a webhook of the service on the raw body it was sent with (before any JSON parsing), and returns its
 * event. `X-Service-Signature` must match, and so must the Standard Webhooks headers, which the service always sends,
 * with `webhook-timestamp` within five minutes of now: a webhook without them is refused, so a captured one cannot be
 * replayed later. During a secret rotation pass both secrets, the new one first.
 * Throws a `WebhookVerificationError` otherwise: answer 403.
 */
export function verifyWebhook(rawBody: string | Uint8Array, headers: WebhookHeaders, secret: string | readonly string[], options: VerifyWebhookOptions = {}): WebhookEvent {
  const secrets = typeof secret === 'string' ? [secret] : secret;
  if (secrets.length === 0) throw new TypeError('Give the webhook secret');
  // Stryker disable next-line ConditionalExpression: Buffer.from copies a Uint8Array's bytes too; the branch only spares the copy
  const body = typeof rawBody === 'string' ? Buffer.from(rawBody) : Buffer.from(rawBody.buffer, rawBody.byteOffset, rawBody.byteLength);
  checkServiceSignature(body, header(headers, 'x-service-signature'), secrets);
  const id = options.serviceSignatureOnly ? undefined : checkStandardSignature(body, headers, secrets, options);
  let event: unknown;
  try {
    event = JSON.parse(body.toString('utf8'));
  } catch {
    throw new WebhookVerificationError('malformed_payload', 'The body is not JSON');
  }
  if (!isWebhookEvent(event) || (id !== undefined && event.id !== id)) throw new WebhookVerificationError('malformed_payload', 'The body is no webhook event of the service');
  if (options.serviceSignatureOnly) checkTimestamp(Math.floor(Date.parse(event.created_at) / 1000), 'created_at', options);
  return event;
}

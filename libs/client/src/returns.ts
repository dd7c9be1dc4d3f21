import { createHmac, timingSafeEqual } from 'node:crypto';
import type { PaymentStatusName } from './types';

/**
 * `missing_parameter`: a `pvs_*` parameter is absent or empty; `malformed`: one is repeated or not of its shape;
 * `signature_mismatch`: `pvs_signature` matches none of the secrets; `expired`: now is past `pvs_expires`.
 */
export type ReturnFailure = 'missing_parameter' | 'malformed' | 'signature_mismatch' | 'expired';

/** A return to the merchant's page that must not be trusted: show no payment result, and ask the service (`getStatus`). */
export class ReturnVerificationError extends Error {
  override readonly name = 'ReturnVerificationError';

  constructor(
    readonly reason: ReturnFailure,
    message: string,
  ) {
    super(message);
  }
}

/**
 * The return URL (full, or its path and query as `req.originalUrl` gives it), its `URLSearchParams`, or the query as a
 * web framework parses it (Express, Fastify, Next.js): a value given as a list, i.e. a parameter given twice, is refused.
 * Values other than strings are taken as the framework gives them (Express's nested `ParsedQs`) and refused.
 */
export type ReturnInput = string | URL | URLSearchParams | Readonly<Record<string, unknown>>;

export interface VerifyReturnOptions {
  /** The time to check `pvs_expires` against (tests): a Date or milliseconds since the epoch. */
  readonly now?: Date | number;
}

/** What a payment-link page's return says, once its signature and expiry are checked. */
export interface VerifiedReturn {
  readonly paymentId: string;
  readonly status: PaymentStatusName;
  /** PKR. */
  readonly amount: number;
  readonly linkId: string;
  /** After this the result is refused: it was meant to be followed by the payer's browser at once. */
  readonly expiresAt: Date;
}

const SECRET_PREFIX = 'whsec_';
const RETURN_STATUSES = ['verified', 'manual_review', 'failed', 'pending'] as const satisfies readonly PaymentStatusName[];
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const AMOUNT = /^\d+\.\d{2}$/;
// Twelve digits keep the seconds, and their milliseconds, exact in a number.
const UNIX_SECONDS = /^\d{1,12}$/;

/** The parameters in the order they are signed, `pvs_signature` aside. */
const SIGNED_PARAMETERS = ['pvs_payment', 'pvs_status', 'pvs_amount', 'pvs_link', 'pvs_expires'] as const;
type ParameterName = (typeof SIGNED_PARAMETERS)[number] | 'pvs_signature';

/** Reads one parameter: a list, or a parameter given twice, is refused, as a value may be taken from either copy. */
function reader(input: ReturnInput): (name: ParameterName) => string {
  let values: (name: ParameterName) => readonly unknown[];
  if (input instanceof URLSearchParams || input instanceof URL || typeof input === 'string') {
    const parameters = input instanceof URLSearchParams ? input : input instanceof URL ? input.searchParams : queryOf(input);
    values = (name) => parameters.getAll(name);
  } else {
    values = (name) => {
      const value = Object.hasOwn(input, name) ? input[name] : undefined;
      // A list of one is refused too (as not a string): the service never sends one (`pvs_status[]=…`).
      return value === undefined ? [] : Array.isArray(value) && value.length !== 1 ? value : [value];
    };
  }
  return (name) => {
    const given = values(name);
    if (given.length > 1) throw new ReturnVerificationError('malformed', `${name} is given more than once`);
    const [value] = given;
    // An empty value is no value: it must not pass for one that was sent.
    if (value === undefined || value === '') throw new ReturnVerificationError('missing_parameter', `No ${name} parameter`);
    if (typeof value !== 'string') throw new ReturnVerificationError('malformed', `${name} is not a single string`);
    return value;
  };
}

function queryOf(url: string): URLSearchParams {
  try {
    // The base lets a path with its query (`req.originalUrl`) be read too; only the query is used.
    return new URL(url, 'https://return.invalid').searchParams;
  } catch {
    throw new ReturnVerificationError('malformed', 'The return URL is not a URL');
  }
}

function checkShape(name: ParameterName, value: string, shape: RegExp, expected: string): void {
  if (!shape.test(value)) throw new ReturnVerificationError('malformed', `${name} is not ${expected}`);
}

function isReturnStatus(value: string): value is (typeof RETURN_STATUSES)[number] {
  return RETURN_STATUSES.some((status) => status === value);
}

function checkSecrets(secret: string | readonly string[]): readonly string[] {
  const secrets = typeof secret === 'string' ? [secret] : secret;
  if (secrets.length === 0) throw new TypeError('Give the webhook secret');
  // The whole whsec_… string is the key: an empty one would let anyone sign, and the base64 part alone never matches.
  if (!secrets.every((candidate) => typeof candidate === 'string' && candidate.startsWith(SECRET_PREFIX) && candidate.length > SECRET_PREFIX.length)) {
    throw new TypeError('The webhook secret must be the whsec_… string the service gave you');
  }
  return secrets;
}

function nowInMilliseconds(now: Date | number | undefined): number {
  const milliseconds = now === undefined ? Date.now() : typeof now === 'number' ? now : now.getTime();
  if (!Number.isFinite(milliseconds)) throw new TypeError('options.now must be a valid time');
  return milliseconds;
}

/**
 * Verifies the result a payment-link page hands the merchant's `return_url` (the `pvs_*` query parameters; the URL's
 * own parameters are ignored), and returns it. `pvs_signature` must be the HMAC-SHA256, keyed with the webhook secret,
 * of `v1.payment.status.amount.link.expires`, and now must not be past `pvs_expires`. During a secret rotation pass
 * both secrets, the new one first. Throws a `ReturnVerificationError` otherwise: show no result, ask the service.
 * The payer may never come back, and a `pending` or `manual_review` result is decided later: the webhook brings the
 * final decision. A reload presents the same result again until it expires: act on a payment once.
 */
export function verifyReturn(input: ReturnInput, secret: string | readonly string[], options: VerifyReturnOptions = {}): VerifiedReturn {
  const secrets = checkSecrets(secret);
  const now = nowInMilliseconds(options.now);
  const read = reader(input);
  const [paymentId, status, amount, linkId, expires] = SIGNED_PARAMETERS.map(read);
  const signature = read('pvs_signature');
  checkShape('pvs_payment', paymentId, UUID, 'a UUID');
  if (!isReturnStatus(status)) throw new ReturnVerificationError('malformed', `pvs_status is not one of ${RETURN_STATUSES.join(', ')}`);
  checkShape('pvs_amount', amount, AMOUNT, 'an amount with two decimals');
  checkShape('pvs_link', linkId, UUID, 'a UUID');
  checkShape('pvs_expires', expires, UNIX_SECONDS, 'Unix seconds');

  const signed = `v1.${paymentId}.${status}.${amount}.${linkId}.${expires}`;
  const given = Buffer.from(signature, 'utf8');
  // Every secret is tried, so the time taken does not tell which one matched.
  const matches = secrets.map((key) => {
    const expected = Buffer.from(createHmac('sha256', Buffer.from(key, 'utf8')).update(signed, 'utf8').digest('hex'), 'utf8');
    // A digest's length is no secret: only equal lengths are compared, in constant time.
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
  if (!matches.includes(true)) throw new ReturnVerificationError('signature_mismatch', 'pvs_signature does not match the result');

  // Checked once the signature holds, so `expired` is only ever said of a result the service signed.
  const expiresAt = new Date(Number(expires) * 1000);
  if (now > expiresAt.getTime()) throw new ReturnVerificationError('expired', 'The result is past pvs_expires: a replay, or a clock that is off');
  return { paymentId, status, amount: Number(amount), linkId, expiresAt };
}

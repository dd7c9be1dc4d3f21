import { SmsSource } from '@pvs/contracts';
import { MAX_BODY_LENGTH } from '@pvs/sms-parsers';
import { plainTextProblem } from '../../http/plain-text';

export const MAX_SENDER_LENGTH = 64;

export interface ForwardedSms {
  readonly sender: string;
  readonly body: string;
  /** ISO 8601, UTC; null when the caller did not say. */
  readonly receivedAt: string | null;
  readonly source: SmsSource;
}

type Payload = Record<string, unknown>;
type Reading = ForwardedSms | { readonly error: string };

const NATIVE_FIELDS = new Set(['sender', 'body', 'received_at']);

const isObject = (value: unknown): value is Payload => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Reads an ingest body: ours (`{sender, body, received_at}`) or the native webhook of a popular
 * forwarder, told apart by shape, so merchants can point those apps straight at us.
 */
export function readForwardedSms(payload: Payload): Reading {
  if ('sender' in payload || 'body' in payload) return readNative(payload);
  if (payload.event === 'sms:received' && isObject(payload.payload)) {
    const { message, phoneNumber, receivedAt } = payload.payload;
    return checked('sms_gateway_app', phoneNumber, message, lenientTime(receivedAt), 'payload.phoneNumber', 'payload.message');
  }
  if (payload.type === 'message.phone.received' && isObject(payload.data)) {
    const { contact, content, timestamp } = payload.data;
    return checked('httpsms', contact, content, lenientTime(timestamp), 'data.contact', 'data.content');
  }
  if ('From' in payload && 'Body' in payload) return checked('twilio', payload.From, payload.Body, null, 'From', 'Body');
  if ('from' in payload && 'text' in payload) {
    return checked('sms_to_url_forwarder', payload.from, payload.text, lenientTime(payload.receivedStamp), 'from', 'text');
  }
  return { error: 'Unrecognized request body: send {sender, body, received_at} or the webhook of a supported SMS forwarder' };
}

function readNative(payload: Payload): Reading {
  const unknown = Object.keys(payload).find((key) => !NATIVE_FIELDS.has(key));
  if (unknown) return { error: `property ${unknown} should not exist` };
  let receivedAt: string | null = null;
  if (payload.received_at !== undefined && payload.received_at !== null) {
    receivedAt = typeof payload.received_at === 'string' ? strictTime(payload.received_at) : null;
    if (!receivedAt) return { error: 'received_at must be an ISO 8601 date-time' };
  }
  return checked('native', payload.sender, payload.body, receivedAt, 'sender', 'body');
}

function checked(source: SmsSource, sender: unknown, body: unknown, receivedAt: string | null, senderField: string, bodyField: string): Reading {
  if (typeof sender !== 'string') return { error: `${senderField} must be a non-empty string` };
  const senderProblem = plainTextProblem(sender.trim(), 'identifier', 1, MAX_SENDER_LENGTH);
  if (senderProblem !== null) return { error: `${senderField} ${senderProblem}` };
  if (typeof body !== 'string' || body.trim() === '') return { error: `${bodyField} must be a non-empty string` };
  if (body.length > MAX_BODY_LENGTH) return { error: `${bodyField} must be at most ${MAX_BODY_LENGTH} characters` };
  return { sender: sender.trim(), body, receivedAt, source };
}

const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})$/;

function strictTime(value: string): string | null {
  if (!ISO_DATE_TIME.test(value)) return null;
  const time = new Date(value);
  return Number.isNaN(time.getTime()) ? null : time.toISOString();
}

/** Forwarders send ISO strings or epoch milliseconds (as numbers or digits); anything else is dropped. */
function lenientTime(value: unknown): string | null {
  if (typeof value === 'number' || (typeof value === 'string' && /^\d{10,16}$/.test(value))) {
    const time = new Date(Number(value));
    return Number.isNaN(time.getTime()) ? null : time.toISOString();
  }
  return typeof value === 'string' ? strictTime(value) : null;
}

import { ForwarderStatus, SmsSource } from '@pvs/contracts';
import { MAX_BODY_LENGTH } from '@pvs/sms-parsers';
import { plainTextProblem } from '../../http/plain-text';

export const MAX_SENDER_LENGTH = 64;

export interface ForwardedSms {
  readonly sender: string;
  readonly body: string;
  /** ISO 8601, UTC; null when the caller did not say. */
  readonly receivedAt: string | null;
  readonly source: SmsSource;
  /** The phone, as the payload (or the merchant's header) names it; null when nothing names it. */
  readonly device: string | null;
  readonly namedBy: 'payload' | 'header';
  /** The SIM slot it came in on, when the app says (1 for the first). */
  readonly sim: number | null;
}

/** A forwarder app's word on its phone, posted to the same URL as its SMS. */
export interface ForwardedHeartbeat {
  readonly heartbeat: ForwarderStatus;
  /** When the app says it was so; null when it did not say. */
  readonly at: string | null;
  readonly source: SmsSource;
  readonly device: string | null;
  readonly namedBy: 'payload' | 'header';
}

type Payload = Record<string, unknown>;
type Reading = ForwardedSms | { readonly error: string };
export type ForwarderReading = Reading | ForwardedHeartbeat;

/** httpSMS's heartbeat events: `online` when it is heard again, anything else when one was missed. */
export const HTTPSMS_HEARTBEATS: Readonly<Record<string, ForwarderStatus>> = {
  'phone.heartbeat.online': 'online',
  'phone.heartbeat.offline': 'offline',
  'phone.heartbeat.missed': 'offline',
  'phone.heartbeat.dead': 'offline',
};

const NATIVE_FIELDS = new Set(['sender', 'body', 'received_at']);

const isObject = (value: unknown): value is Payload => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Reads an ingest body: ours (`{sender, body, received_at}`) or the native webhook of a popular
 * forwarder, told apart by shape, so merchants can point those apps straight at us.
 */
export function readForwardedSms(payload: Payload): ForwarderReading {
  if ('sender' in payload || 'body' in payload) return readNative(payload);
  if (payload.event === 'sms:received' && isObject(payload.payload)) {
    const { message, phoneNumber, receivedAt, simNumber } = payload.payload;
    return checked('sms_gateway_app', phoneNumber, message, lenientTime(receivedAt), 'payload.phoneNumber', 'payload.message', deviceName(payload.deviceId), simSlot(simNumber));
  }
  if (payload.event === 'system:ping') return { heartbeat: 'online', at: null, source: 'sms_gateway_app', device: deviceName(payload.deviceId), namedBy: 'payload' };
  if (payload.type === 'message.phone.received' && isObject(payload.data)) {
    const { contact, content, timestamp, owner, sim } = payload.data;
    return checked('httpsms', contact, content, lenientTime(timestamp), 'data.contact', 'data.content', deviceName(owner), simSlot(sim));
  }
  const httpSmsHeartbeat = typeof payload.type === 'string' ? HTTPSMS_HEARTBEATS[payload.type] : undefined;
  if (httpSmsHeartbeat && isObject(payload.data)) {
    return { heartbeat: httpSmsHeartbeat, at: lenientTime(payload.data.timestamp), source: 'httpsms', device: deviceName(payload.data.owner), namedBy: 'payload' };
  }
  if ('From' in payload && 'Body' in payload) return checked('twilio', payload.From, payload.Body, null, 'From', 'Body', deviceName(payload.To));
  if ('from' in payload && 'text' in payload) {
    return checked('sms_to_url_forwarder', payload.from, payload.text, lenientTime(payload.receivedStamp), 'from', 'text', null);
  }
  return { error: 'Unrecognized request body: send {sender, body, received_at} or the webhook of a supported SMS forwarder' };
}

/** A SIM slot as apps say it (`2`, `"2"`, httpSMS's `"SIM2"`); anything else says none (never a reason to refuse an SMS). */
export function simSlot(value: unknown): number | null {
  const digit = typeof value === 'number' ? String(value) : typeof value === 'string' ? /^(?:SIM)?\s*([1-9])$/i.exec(value.trim())?.[1] : undefined;
  return digit !== undefined && /^[1-9]$/.test(digit) ? Number(digit) : null;
}

/**
 * What a payload names its phone by, when it is a plain identifier; anything else names none (the SMS is never refused
 * for it: it counts under the tenant's unnamed forwarder of that app).
 */
export function deviceName(value: unknown): string | null {
  if (typeof value === 'number' && Number.isSafeInteger(value)) return String(value);
  if (typeof value !== 'string') return null;
  const name = value.trim();
  return plainTextProblem(name, 'identifier', 1, MAX_SENDER_LENGTH) === null ? name : null;
}

function readNative(payload: Payload): Reading {
  const unknown = Object.keys(payload).find((key) => !NATIVE_FIELDS.has(key));
  if (unknown) return { error: `property ${unknown} should not exist` };
  let receivedAt: string | null = null;
  if (payload.received_at !== undefined && payload.received_at !== null) {
    receivedAt = typeof payload.received_at === 'string' ? strictTime(payload.received_at) : null;
    if (!receivedAt) return { error: 'received_at must be an ISO 8601 date-time' };
  }
  return checked('native', payload.sender, payload.body, receivedAt, 'sender', 'body', null);
}

function checked(
  source: SmsSource,
  sender: unknown,
  body: unknown,
  receivedAt: string | null,
  senderField: string,
  bodyField: string,
  device: string | null,
  sim: number | null = null,
): Reading {
  if (typeof sender !== 'string') return { error: `${senderField} must be a non-empty string` };
  const senderProblem = plainTextProblem(sender.trim(), 'identifier', 1, MAX_SENDER_LENGTH);
  if (senderProblem !== null) return { error: `${senderField} ${senderProblem}` };
  if (typeof body !== 'string' || body.trim() === '') return { error: `${bodyField} must be a non-empty string` };
  if (body.length > MAX_BODY_LENGTH) return { error: `${bodyField} must be at most ${MAX_BODY_LENGTH} characters` };
  return { sender: sender.trim(), body, receivedAt, source, device, namedBy: 'payload', sim };
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

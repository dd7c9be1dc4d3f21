import { Event, eventGuard } from '../event';
import { Gateway } from '../../gateway';
import { Paisa } from '../../money';
import { SealedText } from '../../payer-data';

export const SMS_CATEGORY = 'sms';
export const SMS_RECEIVED = 'SmsReceived';
export const SMS_PARSED = 'SmsParsed';
export const SMS_REJECTED = 'SmsRejected';
export const SMS_MATCHED = 'SmsMatched';
export const SMS_UNMATCHED = 'SmsUnmatched';

export function smsStream(smsId: string): string {
  return `${SMS_CATEGORY}-${smsId}`;
}

/** How the SMS reached us: our own body, or a forwarder app's native webhook. */
export const SMS_SOURCES = ['native', 'sms_gateway_app', 'httpsms', 'twilio', 'sms_to_url_forwarder'] as const;
export type SmsSource = (typeof SMS_SOURCES)[number];

/** Exactly what the merchant forwarded, recorded before anything else happens. */
export interface SmsReceivedData {
  readonly smsId: string;
  readonly tenantId: string;
  readonly sender: string;
  /** The text forwarded: sealed under the SMS's key (a `SealedText`); as written, in SMS recorded before sealing. */
  readonly body: string;
  /** When the device received it, as the forwarder said; null when not given. */
  readonly receivedAt: string | null;
  /** When we recorded it. */
  readonly recordedAt: string;
  readonly source: SmsSource;
  /** The forwarder that sent it (see forwarderStream); null for an SMS recorded before forwarders were told apart. */
  readonly forwarderId: string | null;
}

/** How a credit was read: by a known template (high confidence), or extracted from a wording no template knows. */
export type SmsReadingTier = 'template' | 'extracted';

/** Who the credit is addressed to: the account holder ("your account"), a stated account, somebody named who is not the holder, or nobody. */
export type SmsCreditTarget = 'holder' | 'account' | 'third_party' | 'unstated';

/** What a reading shows that its institution usually does not send: read all the same, for a person to see. */
export interface SmsDeparture {
  readonly field: 'reference' | 'account';
  /** The institution's name, as the parser knows it. */
  readonly institution: string;
  /** Its usual shape, in words: "12 digits", "a mobile number, whole or masked". */
  readonly usual: string;
  /** What this message has: "11 digits", or the account as written. */
  readonly found: string;
}

/** A departure in words: "JazzCash transaction ids are usually 12 digits; this one is 11 digits". */
export function describeDeparture({ field, institution, usual, found }: SmsDeparture): string {
  return `${institution} ${field === 'reference' ? 'transaction ids' : 'accounts'} are usually ${usual}; this one is ${found}`;
}

/** A half-open range of UTF-16 code units of the SMS body as received. */
export type SmsSpan = readonly [start: number, end: number];

/** Who paid, as a credit SMS says. */
export interface SmsPayer {
  readonly name?: string;
  readonly number?: string;
  readonly account?: string;
}

export interface SmsParsedData {
  readonly smsId: string;
  readonly tenantId: string;
  readonly gateway: Gateway;
  /** Since version 2; a reading of version 1 was a template reading (see EVENT_SCHEMAS). */
  readonly tier: SmsReadingTier;
  /** The template that read the SMS; null for an extracted reading. */
  readonly templateId: string | null;
  /** The bank or wallet the SMS came from, as the parser identified it; null when unknown (always, before version 2). */
  readonly institution: string | null;
  readonly target?: SmsCreditTarget;
  /** Where the amount and the reference stand in the body, for audit. */
  readonly spans?: { readonly amount: SmsSpan; readonly reference: SmsSpan | null };
  /** As written in the SMS; null when the message carries none. */
  readonly reference: string | null;
  readonly normalizedReference: string | null;
  readonly amountPaisa: Paisa;
  /** Who paid, as the SMS says: sealed under the SMS's key (as JSON); as found, in readings recorded before sealing. */
  readonly payer: SmsPayer | SealedText | null;
  readonly receivingAccount: string | null;
  readonly balancePaisa: Paisa | null;
  readonly occurredAt: string | null;
  /** What the reading shows that its institution usually does not send; absent when nothing (always, before issue 29). */
  readonly departures?: readonly SmsDeparture[];
  /** Set when an operator re-ran parsing after the first attempt failed. */
  readonly reparsed: boolean;
}

/** A debit's step in the holder's account: money out, and the balance the SMS states after it. */
export interface SmsDebit {
  readonly gateway: Gateway;
  readonly amountPaisa: Paisa;
  readonly balancePaisa: Paisa;
  readonly account: string | null;
}

export interface SmsRejectedData {
  readonly smsId: string;
  readonly tenantId: string;
  readonly reason: string;
  /** Set when the SMS is a debit stating the balance after it (absent before issue 30, and on every other rejection). */
  readonly debit?: SmsDebit;
}

/** The matcher's answer to one SmsParsed (named by its stream version). */
export interface SmsMatchedData {
  readonly smsId: string;
  readonly parsedVersion: number;
  readonly paymentId: string;
  readonly status: 'verified' | 'manual_review';
}

export const SMS_UNMATCHED_REASONS = [
  'awaiting_intent',
  'no_reference',
  'reference_already_used',
  'intent_expired',
  'intent_decided',
  'foreign_account',
] as const;
export type SmsUnmatchedReason = (typeof SMS_UNMATCHED_REASONS)[number];

export interface SmsUnmatchedData {
  readonly smsId: string;
  readonly parsedVersion: number;
  readonly reason: SmsUnmatchedReason;
  /** The payment the reference names, when it names one. */
  readonly paymentId: string | null;
}

export type SmsReceived = Event<typeof SMS_RECEIVED, SmsReceivedData>;
export type SmsParsed = Event<typeof SMS_PARSED, SmsParsedData>;
export type SmsRejected = Event<typeof SMS_REJECTED, SmsRejectedData>;
export type SmsMatched = Event<typeof SMS_MATCHED, SmsMatchedData>;
export type SmsUnmatched = Event<typeof SMS_UNMATCHED, SmsUnmatchedData>;

/** What one parse of the SMS read: a credit, or why it is none. */
export type SmsParse = SmsParsed | SmsRejected;
/** The matcher's answer to one parse. */
export type SmsOutcome = SmsMatched | SmsUnmatched;
/** Every event of an SMS stream. */
export type SmsEvent = SmsReceived | SmsParse | SmsOutcome;

export const isSmsEvent = eventGuard<SmsEvent>({ [SMS_RECEIVED]: true, [SMS_PARSED]: true, [SMS_REJECTED]: true, [SMS_MATCHED]: true, [SMS_UNMATCHED]: true });
export const isSmsParse = eventGuard<SmsParse>({ [SMS_PARSED]: true, [SMS_REJECTED]: true });
export const isSmsOutcome = eventGuard<SmsOutcome>({ [SMS_MATCHED]: true, [SMS_UNMATCHED]: true });

/** Whether `event` is the matcher's outcome (SmsMatched or SmsUnmatched) for the parse at `parsedVersion`. */
export function isOutcomeOfParse<R extends Event>(event: R, parsedVersion: number): event is R & SmsOutcome {
  return isSmsOutcome(event) && event.data.parsedVersion === parsedVersion;
}
export const isSmsParsed = eventGuard<SmsParsed>({ [SMS_PARSED]: true });
export const isSmsReceived = eventGuard<SmsReceived>({ [SMS_RECEIVED]: true });
export const isSmsRejected = eventGuard<SmsRejected>({ [SMS_REJECTED]: true });

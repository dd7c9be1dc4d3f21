import { Gateway } from '../../gateway';
import { Paisa } from '../../money';

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
export type SmsSource = 'native' | 'sms_gateway_app' | 'httpsms' | 'twilio' | 'sms_to_url_forwarder';

/** Exactly what the merchant forwarded, recorded before anything else happens. */
export interface SmsReceivedData {
  readonly smsId: string;
  readonly tenantId: string;
  readonly sender: string;
  readonly body: string;
  /** When the device received it, as the forwarder said; null when not given. */
  readonly receivedAt: string | null;
  /** When we recorded it. */
  readonly recordedAt: string;
  readonly source: SmsSource;
}

/** How a credit was read: by a known template (high confidence), or extracted from a wording no template knows. */
export type SmsReadingTier = 'template' | 'extracted';

/** Who the credit is addressed to: the account holder ("your account"), a stated account, or nobody. */
export type SmsCreditTarget = 'holder' | 'account' | 'unstated';

/** A half-open range of UTF-16 code units of the SMS body as received. */
export type SmsSpan = readonly [start: number, end: number];

export interface SmsParsedData {
  readonly smsId: string;
  readonly tenantId: string;
  readonly gateway: Gateway;
  /** Absent in events recorded before readings had tiers: those were all template readings. */
  readonly tier?: SmsReadingTier;
  /** The template that read the SMS; null for an extracted reading. */
  readonly templateId: string | null;
  /** The bank or wallet the SMS came from, as the parser identified it; null when unknown. */
  readonly institution?: string | null;
  readonly target?: SmsCreditTarget;
  /** Where the amount and the reference stand in the body, for audit. */
  readonly spans?: { readonly amount: SmsSpan; readonly reference: SmsSpan | null };
  /** As written in the SMS; null when the message carries none. */
  readonly reference: string | null;
  readonly normalizedReference: string | null;
  readonly amountPaisa: Paisa;
  readonly payer: { readonly name?: string; readonly number?: string; readonly account?: string } | null;
  readonly receivingAccount: string | null;
  readonly balancePaisa: Paisa | null;
  readonly occurredAt: string | null;
  /** Set when an operator re-ran parsing after the first attempt failed. */
  readonly reparsed: boolean;
}

export interface SmsRejectedData {
  readonly smsId: string;
  readonly tenantId: string;
  readonly reason: string;
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

/** Whether `event` is the matcher's outcome (SmsMatched or SmsUnmatched) for the parse at `parsedVersion`. */
export function isOutcomeOfParse(event: { readonly type: string; readonly data: unknown }, parsedVersion: number): boolean {
  return (event.type === SMS_MATCHED || event.type === SMS_UNMATCHED) && (event.data as SmsMatchedData).parsedVersion === parsedVersion;
}

import type { LearnedTemplateSet } from './learned/learned-template-set';
import { Span } from './normalise/text';
import { AllowedSenders, GATEWAYS, Gateway, SmsDeparture } from '@pvs/contracts';

export { GATEWAYS };
export type { AllowedSenders, Gateway };

export type SmsRejectionReason =
  | 'unrecognized_template'
  | 'untrusted_sender'
  | 'not_a_credit'
  | 'failed_transaction'
  | 'otp_or_promo'
  | 'ambiguous'
  | 'malformed';

export interface SmsInput {
  readonly sender: string;
  readonly body: string;
  readonly receivedAt?: string | Date;
}


export interface ParseOptions {
  /** A list given for a gateway replaces that gateway's default list. */
  readonly allowedSenders?: AllowedSenders;
  /** Wordings operators taught: tried after the built-in templates of the sender's gateways. */
  readonly learned?: LearnedTemplateSet;
}

export interface Payer {
  readonly name?: string;
  readonly number?: string;
  readonly account?: string;
}

export type { Span };

/**
 * How a credit was read: `template`, by a known wording matched end to end (high confidence); `extracted`, from the
 * words and numbers of a wording no template knows. An extracted reading verifies a payment on its own only when its
 * credit names the merchant as the receiver (see `target`); otherwise it goes to manual review.
 */
export type ReadingTier = 'template' | 'extracted';

/**
 * Who the credit is addressed to: the account holder ("your account", "you have received"), a stated account,
 * somebody's account by name ("in A/C of AHMED RAZA": a third party, as in a depositor's receipt), or nobody.
 */
export type CreditTarget = 'holder' | 'account' | 'third_party' | 'unstated';

export interface ParsedSms {
  readonly ok: true;
  readonly gateway: Gateway;
  readonly direction: 'credit';
  /** null when the message carries no reference: such a credit can never be verified automatically. */
  readonly reference: string | null;
  readonly amount: number;
  readonly amountPaisa: number;
  readonly currency: 'PKR';
  readonly payer?: Payer;
  /** Local Pakistan time as stated by the message: `YYYY-MM-DDTHH:mm:ss+05:00`, or `YYYY-MM-DD` without a time. */
  readonly occurredAt?: string;
  readonly tier: ReadingTier;
  /** The template that read the message; null for an extracted reading. */
  readonly templateId: string | null;
  /** The bank or wallet the message is from, when the sender or the wording says; null for a tenant's own sender id. */
  readonly institution: string | null;
  readonly target: CreditTarget;
  /** Where the amount and the reference stand in the body as forwarded. */
  readonly spans: { readonly amount: Span; readonly reference: Span | null };
  readonly receivingAccount?: string;
  readonly balance?: number;
  readonly balancePaisa?: number;
  /**
   * What the reading shows that its institution usually does not (`describeDeparture`: "JazzCash transaction ids are
   * usually 12 digits; this one is 11 digits"): read all the same, since formats change without notice; absent when
   * there is none.
   */
  readonly departures?: readonly SmsDeparture[];
}

/** What a debit tells of the holder's account: money out, and the balance after it. */
export interface DebitReading {
  readonly gateway: Gateway;
  readonly amountPaisa: number;
  readonly balancePaisa: number;
  /** The holder's account as written, when the message names it. */
  readonly account?: string;
}

export interface SmsRejection {
  readonly ok: false;
  readonly reason: SmsRejectionReason;
  /** Set when the message is a debit that states the balance after it: no payment, but a step of the account's ledger. */
  readonly debit?: DebitReading;
}

export type SmsParseResult = ParsedSms | SmsRejection;

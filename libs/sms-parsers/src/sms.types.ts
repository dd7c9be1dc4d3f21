import { AllowedSenders, GATEWAYS, Gateway } from '@pvs/contracts';

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
}

export interface Payer {
  readonly name?: string;
  readonly number?: string;
  readonly account?: string;
}

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
  readonly templateId: string;
  readonly receivingAccount?: string;
  readonly balance?: number;
  readonly balancePaisa?: number;
}

export interface SmsRejection {
  readonly ok: false;
  readonly reason: SmsRejectionReason;
}

export type SmsParseResult = ParsedSms | SmsRejection;

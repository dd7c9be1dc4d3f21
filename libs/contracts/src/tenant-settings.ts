import { AlertWebhookEvent } from './events/alerts/alert-events';
import { Gateway } from './gateway';

export const TENANT_STATUSES = ['active', 'suspended'] as const;
export type TenantStatus = (typeof TENANT_STATUSES)[number];

/** SMS senders trusted per gateway; a gateway left out keeps the built-in list. */
export type AllowedSenders = Partial<Record<Gateway, readonly string[]>>;

/** The merchant's own wallet numbers and account numbers per gateway: credits to others never match. */
export type ReceivingAccounts = Partial<Record<Gateway, readonly string[]>>;

/** What a credit whose stated balance does not follow from the last one does: recorded, or sent to review. */
export const BALANCE_CHECK_MODES = ['record', 'review'] as const;
export type BalanceCheckMode = (typeof BALANCE_CHECK_MODES)[number];

/**
 * How sure an SMS reading must be to verify a payment on its own. `standard`: a credit from the institution's own
 * sender, with a reference and the exact amount, verifies unless it names another receiver (an account the tenant did
 * not configure, or a third party). `strict`: a reading no template knows must also name the merchant as the receiver
 * (the account holder, or an account the tenant configured).
 */
export const VERIFICATION_POLICIES = ['standard', 'strict'] as const;
export type VerificationPolicy = (typeof VERIFICATION_POLICIES)[number];

/**
 * How long payer data (SMS text, names, numbers) is kept after it was recorded, in days: then its keys are destroyed,
 * unless a payment it reaches is still pending or in review. At least a month, so a payer's dispute finds its evidence.
 */
export const PAYER_DATA_RETENTION_DAYS = { default: 180, min: 30, max: 3_650 } as const;

/** The tenant settings an operator may change. */
export interface TenantSettings {
  readonly status: TenantStatus;
  readonly unpaidCycles: number;
  readonly unpaidCycleLimit: number;
  readonly webhookUrl: string | null;
  readonly allowedSenders: AllowedSenders | null;
  readonly receivingAccounts: ReceivingAccounts | null;
  readonly balanceCheck: BalanceCheckMode;
  readonly verificationPolicy: VerificationPolicy;
  /** The alert webhooks the merchant opted into (to `webhookUrl`); none by default. */
  readonly alertWebhooks: readonly AlertWebhookEvent[];
  /** The Raast QR payload (EMVCo) the merchant's bank issued, shown as a QR on its payment links' pages; none by default. */
  readonly raastQr: string | null;
  /** Days its payers' data is kept (PAYER_DATA_RETENTION_DAYS). */
  readonly payerDataRetentionDays: number;
}

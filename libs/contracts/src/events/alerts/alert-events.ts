import { Event, EventTypeList, eventGuard } from '../event';
import { Gateway } from '../../gateway';
import { Paisa } from '../../money';

export const ALERT_CATEGORY = 'alert';
export const ALERT_ACKNOWLEDGED = 'AlertAcknowledged';
export const STALL_CATEGORY = 'stall';
export const PAYMENT_STALLED = 'PaymentStalled';

export function alertStream(alertId: string): string {
  return `${ALERT_CATEGORY}-${alertId}`;
}

/** A payment's stall is raised once: its stream is named by the payment. */
export function stallStream(paymentId: string): string {
  return `${STALL_CATEGORY}-${paymentId}`;
}

/**
 * What an alert says: a phone gone silent while money is awaited, an SMS the balances say is missing, a payment
 * pending far longer than usual, a payment waiting for a person. Each is a fact recorded where it belongs (a
 * forwarder, ledger, stall or payment stream); an alert is that fact, named by `alertIdFor`, until it clears.
 */
export const ALERT_KINDS = ['forwarder.silent', 'sms.gap_suspected', 'payment.stalled', 'payment.review_required'] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];

/** The webhooks a merchant may opt into: an alert's raising, and a silent phone's recovery. */
export const ALERT_WEBHOOK_EVENTS = ['forwarder.silent', 'forwarder.recovered', 'sms.gap_suspected', 'payment.stalled', 'payment.review_required'] as const;
export type AlertWebhookEvent = (typeof ALERT_WEBHOOK_EVENTS)[number];

/** An operator has seen the alert and owns it. */
export interface AlertAcknowledgedData {
  readonly alertId: string;
  readonly tenantId: string;
  readonly kind: AlertKind;
  readonly acknowledgedBy: string;
  readonly note: string | null;
  readonly acknowledgedAt: string;
}

/** The likeliest reason a payment is still pending, the first that holds in this order. */
export const STALL_REASONS = ['sms_rejected', 'gap_suspected', 'forwarder_silent', 'none_known'] as const;
export type StallReason = (typeof STALL_REASONS)[number];

/** What was found for each reason that holds. */
export interface StallEvidence {
  /** An SMS of the tenant naming the payment's reference that was not read as a credit. */
  readonly rejectedSms: { readonly smsId: string; readonly reason: string; readonly readableNow: boolean } | null;
  /** Open gaps of the tenant's ledgers of that gateway whose amount is the payment's. */
  readonly gapIds: readonly string[];
  /** The tenant's phones carrying its gateway found silent while it waited. */
  readonly silentForwarderIds: readonly string[];
}

/** A payment pending well past the usual time to verify for its tenant and gateway. */
export interface PaymentStalledData {
  readonly paymentId: string;
  readonly tenantId: string;
  readonly gateway: Gateway;
  readonly transactionReference: string;
  readonly amountPaisa: Paisa;
  readonly registeredAt: string;
  /** How long payments of the tenant and gateway usually take to verify (a high quantile), or the default. */
  readonly usualMs: number;
  readonly reason: StallReason;
  readonly evidence: StallEvidence;
  readonly detectedAt: string;
}

export type AlertAcknowledged = Event<typeof ALERT_ACKNOWLEDGED, AlertAcknowledgedData>;
export type PaymentStalled = Event<typeof PAYMENT_STALLED, PaymentStalledData>;
const ALERT_EVENTS: EventTypeList<AlertAcknowledged> = { [ALERT_ACKNOWLEDGED]: true };
export const isAlertAcknowledged = eventGuard<AlertAcknowledged>(ALERT_EVENTS);
export const isPaymentStalled = eventGuard<PaymentStalled>({ [PAYMENT_STALLED]: true });

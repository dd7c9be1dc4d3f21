import { PAYMENT_APPROVED, PAYMENT_EXPIRED, PAYMENT_FLAGGED_FOR_REVIEW, PAYMENT_REJECTED, PAYMENT_VERIFIED, PaymentWebhookEvent, ReviewReason, paisaToPkr } from '@pvs/contracts';
import { DecidedPayment } from '@pvs/contracts/messages';

const EVENT_NAMES: Record<string, PaymentWebhookEvent> = {
  [PAYMENT_VERIFIED]: 'payment.verified',
  [PAYMENT_APPROVED]: 'payment.verified',
  [PAYMENT_FLAGGED_FOR_REVIEW]: 'payment.manual_review',
  [PAYMENT_EXPIRED]: 'payment.failed',
  [PAYMENT_REJECTED]: 'payment.failed',
};

export function webhookEventName(decisionType: string): PaymentWebhookEvent | undefined {
  return EVENT_NAMES[decisionType];
}

/**
 * The webhook body, serialised once and stored, so every retry sends the same bytes:
 * `{event, id, created_at, data:{uuid, status, gateway, transaction_reference, amount_expected,
 * amount_detected, verified_at, client_metadata}}`.
 */
export function webhookBody(event: PaymentWebhookEvent, id: string, createdAt: Date, paymentId: string, payment: DecidedPayment): string {
  return webhookEnvelope(event, id, createdAt, paymentData(paymentId, payment));
}

/** The envelope of every webhook, payment or alert (`{event, id, created_at, data}`), serialised once. */
export function webhookEnvelope(event: string, id: string, createdAt: Date, data: object): string {
  return JSON.stringify({ event, id, created_at: createdAt.toISOString(), data });
}

function paymentData(paymentId: string, payment: DecidedPayment) {
  return {
    uuid: paymentId,
    status: payment.status,
    gateway: payment.gateway,
    transaction_reference: payment.transactionReference,
    amount_expected: paisaToPkr(payment.amountExpectedPaisa),
    amount_detected: payment.amountDetectedPaisa === null ? null : paisaToPkr(payment.amountDetectedPaisa),
    verified_at: payment.verifiedAt,
    client_metadata: payment.clientMetadata,
  };
}

/** The `payment.review_required` alert's data: the payment as its webhooks show it, the alert, and why it waits. */
export function reviewRequiredData(alertId: string, paymentId: string, payment: DecidedPayment, reason: ReviewReason) {
  return { alert_id: alertId, ...paymentData(paymentId, payment), review_reason: reason };
}

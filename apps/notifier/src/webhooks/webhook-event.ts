import { PAYMENT_APPROVED, PAYMENT_EXPIRED, PAYMENT_FLAGGED_FOR_REVIEW, PAYMENT_REJECTED, PAYMENT_VERIFIED, PaymentWebhookEvent, ReviewReason, paisaToPkr } from '@pvs/contracts';
import { PaymentWebhookData, ReviewRequiredData, serialiseWebhook } from '@pvs/contracts/http';
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

/** A decision's webhook body (`PaymentWebhook`), serialised once and stored, so every retry sends the same bytes. */
export function paymentWebhookBody(event: PaymentWebhookEvent, id: string, createdAt: Date, paymentId: string, payment: DecidedPayment): string {
  return serialiseWebhook(event, id, createdAt, paymentData(paymentId, payment));
}

function paymentData(paymentId: string, payment: DecidedPayment): PaymentWebhookData {
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

/** The `payment.review_required` alert's body: the payment as its webhooks show it (in review), the alert, and why it waits. */
export function reviewRequiredBody(alertId: string, createdAt: Date, paymentId: string, payment: DecidedPayment, reason: ReviewReason): string {
  const data: ReviewRequiredData = { alert_id: alertId, ...paymentData(paymentId, payment), status: 'manual_review', review_reason: reason };
  return serialiseWebhook('payment.review_required', alertId, createdAt, data);
}

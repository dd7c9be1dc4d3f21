import { paisaToPkr } from '@pvs/contracts';
import { ListedPayment, PaymentView } from '@pvs/read-model';

/** A payment as the status endpoint shows it (spec 2.3). */
export function paymentResponse(payment: PaymentView) {
  return {
    uuid: payment.uuid,
    gateway: payment.gateway,
    transaction_reference: payment.transactionReference,
    amount_expected: paisaToPkr(payment.amountExpectedPaisa),
    amount_detected: payment.amountDetectedPaisa === null ? null : paisaToPkr(payment.amountDetectedPaisa),
    status: payment.status,
    verified_at: payment.verifiedAt?.toISOString() ?? null,
  };
}

/** A payment as operators see it: the status fields, whose it is and when it was registered. */
export function operatorPaymentResponse(payment: PaymentView) {
  return { ...paymentResponse(payment), tenant_id: payment.tenantId, created_at: payment.createdAt.toISOString() };
}

/** A payment in the operators' list: also why it waits for review, and what its SMS reading departed from. */
export function listedPaymentResponse(payment: ListedPayment) {
  return { ...operatorPaymentResponse(payment), review_reason: payment.reviewReason, departures: payment.departures };
}

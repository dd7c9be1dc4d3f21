import {
  Gateway,
  PAYMENT_APPROVED,
  PAYMENT_EXPIRED,
  PAYMENT_FLAGGED_FOR_REVIEW,
  PAYMENT_INTENT_REGISTERED,
  PAYMENT_REJECTED,
  PAYMENT_VERIFIED,
  Paisa,
  PaymentExpiredData,
  PaymentFlaggedForReviewData,
  PaymentIntentRegisteredData,
  PaymentReviewedData,
  PaymentStatus,
  PaymentVerifiedData,
} from '@pvs/contracts';

/** An event of a payment stream, as any event store hands it back. */
export interface PaymentEvent {
  readonly type: string;
  readonly data: unknown;
}

/** A payment folded from its stream. */
export interface Payment {
  readonly uuid: string;
  readonly tenantId: string;
  readonly gateway: Gateway;
  readonly transactionReference: string;
  readonly normalizedReference: string;
  readonly amountExpectedPaisa: Paisa;
  readonly amountDetectedPaisa: Paisa | null;
  readonly status: PaymentStatus;
  readonly verifiedAt: string | null;
  readonly createdAt: string;
  readonly expiresAt: string;
  /** The SMS that decided it, if one did. */
  readonly smsId: string | null;
  readonly intent: PaymentIntentRegisteredData;
}

export function registeredPayment(intent: PaymentIntentRegisteredData): Payment {
  return {
    uuid: intent.paymentId,
    tenantId: intent.tenantId,
    gateway: intent.gateway,
    transactionReference: intent.transactionReference,
    normalizedReference: intent.normalizedReference,
    amountExpectedPaisa: intent.amountPaisa,
    amountDetectedPaisa: null,
    status: 'pending',
    verifiedAt: null,
    createdAt: intent.registeredAt,
    expiresAt: intent.expiresAt,
    smsId: null,
    intent,
  };
}

export function evolvePayment(payment: Payment | null, event: PaymentEvent): Payment | null {
  if (event.type === PAYMENT_INTENT_REGISTERED) return registeredPayment(event.data as PaymentIntentRegisteredData);
  if (!payment) return null;
  switch (event.type) {
    case PAYMENT_VERIFIED: {
      const data = event.data as PaymentVerifiedData;
      return { ...payment, status: 'verified', amountDetectedPaisa: data.amountDetectedPaisa, verifiedAt: data.verifiedAt, smsId: data.smsId };
    }
    case PAYMENT_FLAGGED_FOR_REVIEW: {
      const data = event.data as PaymentFlaggedForReviewData;
      return { ...payment, status: 'manual_review', amountDetectedPaisa: data.amountDetectedPaisa, smsId: data.smsId };
    }
    case PAYMENT_APPROVED:
      return { ...payment, status: 'verified', verifiedAt: (event.data as PaymentReviewedData).decidedAt };
    case PAYMENT_REJECTED:
      return { ...payment, status: 'failed' };
    case PAYMENT_EXPIRED:
      return { ...payment, status: 'failed', expiresAt: (event.data as PaymentExpiredData).expiredAt };
    default:
      return payment;
  }
}

export function foldPayment(events: readonly PaymentEvent[]): Payment | null {
  return events.reduce<Payment | null>(evolvePayment, null);
}

import {
  Gateway,
  PAYMENT_APPROVED,
  PAYMENT_EXPIRED,
  PAYMENT_FLAGGED_FOR_REVIEW,
  PAYMENT_INTENT_REGISTERED,
  PAYMENT_REJECTED,
  PAYMENT_VERIFIED,
  Paisa,
  PaymentDecisionEvent,
  PaymentEvent,
  PaymentIntentRegisteredData,
  PaymentStatus,
} from '@pvs/contracts';

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

/** A payment stream before its intent: no payment. */
export type PaymentState = Payment | null;

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

/** What a decision event sets on a payment: its status, and the amount detected or the time verified it states. */
export interface PaymentDecision {
  readonly status: PaymentStatus;
  readonly amountDetectedPaisa?: Paisa;
  readonly verifiedAt?: string;
}

export function paymentDecision(event: PaymentDecisionEvent): PaymentDecision {
  switch (event.type) {
    case PAYMENT_VERIFIED:
      return { status: 'verified', amountDetectedPaisa: event.data.amountDetectedPaisa, verifiedAt: event.data.verifiedAt };
    case PAYMENT_FLAGGED_FOR_REVIEW:
      return { status: 'manual_review', amountDetectedPaisa: event.data.amountDetectedPaisa };
    case PAYMENT_APPROVED:
      return { status: 'verified', verifiedAt: event.data.decidedAt };
    case PAYMENT_REJECTED:
    case PAYMENT_EXPIRED:
      return { status: 'failed' };
  }
}

export function evolvePayment(payment: PaymentState, event: PaymentEvent): PaymentState {
  if (event.type === PAYMENT_INTENT_REGISTERED) return registeredPayment(event.data);
  if (!payment) return payment;
  const decided = { ...payment, ...paymentDecision(event) };
  switch (event.type) {
    case PAYMENT_VERIFIED:
    case PAYMENT_FLAGGED_FOR_REVIEW:
      return { ...decided, smsId: event.data.smsId };
    case PAYMENT_EXPIRED:
      return { ...decided, expiresAt: event.data.expiredAt };
    default:
      return decided;
  }
}

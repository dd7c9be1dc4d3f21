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

/** What a decision event sets on a payment: its status, and the amount detected or the time verified it states. */
export interface PaymentDecision {
  readonly status: PaymentStatus;
  readonly amountDetectedPaisa?: Paisa;
  readonly verifiedAt?: string;
}

const DECISIONS = new Map<string, (data: unknown) => PaymentDecision>([
  [
    PAYMENT_VERIFIED,
    (data) => {
      const verified = data as PaymentVerifiedData;
      return { status: 'verified', amountDetectedPaisa: verified.amountDetectedPaisa, verifiedAt: verified.verifiedAt };
    },
  ],
  [PAYMENT_FLAGGED_FOR_REVIEW, (data) => ({ status: 'manual_review', amountDetectedPaisa: (data as PaymentFlaggedForReviewData).amountDetectedPaisa })],
  [PAYMENT_APPROVED, (data) => ({ status: 'verified', verifiedAt: (data as PaymentReviewedData).decidedAt })],
  [PAYMENT_REJECTED, () => ({ status: 'failed' })],
  [PAYMENT_EXPIRED, () => ({ status: 'failed' })],
]);

/** The decision an event of a payment stream records; null for the intent and any other event. */
export function paymentDecision(event: PaymentEvent): PaymentDecision | null {
  return DECISIONS.get(event.type)?.(event.data) ?? null;
}

export function evolvePayment(payment: Payment | null, event: PaymentEvent): Payment | null {
  if (event.type === PAYMENT_INTENT_REGISTERED) return registeredPayment(event.data as PaymentIntentRegisteredData);
  const decision = paymentDecision(event);
  if (!payment || !decision) return payment;
  const decided = { ...payment, ...decision };
  switch (event.type) {
    case PAYMENT_VERIFIED:
    case PAYMENT_FLAGGED_FOR_REVIEW:
      return { ...decided, smsId: (event.data as PaymentVerifiedData | PaymentFlaggedForReviewData).smsId };
    case PAYMENT_EXPIRED:
      return { ...decided, expiresAt: (event.data as PaymentExpiredData).expiredAt };
    default:
      return decided;
  }
}

export function foldPayment(events: readonly PaymentEvent[]): Payment | null {
  return events.reduce<Payment | null>(evolvePayment, null);
}

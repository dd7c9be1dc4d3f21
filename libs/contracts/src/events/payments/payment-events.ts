import { Event, eventGuard } from '../event';
import {
  PAYMENT_APPROVED,
  PAYMENT_EXPIRED,
  PAYMENT_FLAGGED_FOR_REVIEW,
  PAYMENT_REJECTED,
  PAYMENT_VERIFIED,
  PaymentExpiredData,
  PaymentFlaggedForReviewData,
  PaymentReviewedData,
  PaymentVerifiedData,
} from './payment-decisions.event';
import { PAYMENT_INTENT_REGISTERED, PaymentIntentRegisteredData } from './payment-intent-registered.event';

export type PaymentIntentRegistered = Event<typeof PAYMENT_INTENT_REGISTERED, PaymentIntentRegisteredData>;
export type PaymentVerified = Event<typeof PAYMENT_VERIFIED, PaymentVerifiedData>;
export type PaymentFlaggedForReview = Event<typeof PAYMENT_FLAGGED_FOR_REVIEW, PaymentFlaggedForReviewData>;
export type PaymentExpired = Event<typeof PAYMENT_EXPIRED, PaymentExpiredData>;
export type PaymentApproved = Event<typeof PAYMENT_APPROVED, PaymentReviewedData>;
export type PaymentRejected = Event<typeof PAYMENT_REJECTED, PaymentReviewedData>;

/** Every event that decides a payment. */
export type PaymentDecisionEvent = PaymentVerified | PaymentFlaggedForReview | PaymentExpired | PaymentApproved | PaymentRejected;
/** Every event of a payment stream. */
export type PaymentEvent = PaymentIntentRegistered | PaymentDecisionEvent;

const DECISION_TYPES = {
  [PAYMENT_VERIFIED]: true,
  [PAYMENT_FLAGGED_FOR_REVIEW]: true,
  [PAYMENT_EXPIRED]: true,
  [PAYMENT_APPROVED]: true,
  [PAYMENT_REJECTED]: true,
} as const;

export const isPaymentDecision = eventGuard<PaymentDecisionEvent>(DECISION_TYPES);
export const isPaymentEvent = eventGuard<PaymentEvent>({ ...DECISION_TYPES, [PAYMENT_INTENT_REGISTERED]: true });
export const isPaymentFlaggedForReview = eventGuard<PaymentFlaggedForReview>({ [PAYMENT_FLAGGED_FOR_REVIEW]: true });
export const isPaymentIntentRegistered = eventGuard<PaymentIntentRegistered>({ [PAYMENT_INTENT_REGISTERED]: true });

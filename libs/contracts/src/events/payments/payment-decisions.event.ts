import { Paisa } from '../../money';

export const PAYMENT_VERIFIED = 'PaymentVerified';
export const PAYMENT_FLAGGED_FOR_REVIEW = 'PaymentFlaggedForReview';
export const PAYMENT_EXPIRED = 'PaymentExpired';
export const PAYMENT_APPROVED = 'PaymentApproved';
export const PAYMENT_REJECTED = 'PaymentRejected';

/** Every event that decides a payment: what the notifier and other consumers receive. */
export const PAYMENT_DECISIONS = [PAYMENT_VERIFIED, PAYMENT_FLAGGED_FOR_REVIEW, PAYMENT_EXPIRED, PAYMENT_APPROVED, PAYMENT_REJECTED] as const;
export type PaymentDecisionType = (typeof PAYMENT_DECISIONS)[number];

/** Whether the SMS's stated balance follows from the last one seen on that account; null when unknown. */
export type BalanceCheck = 'consistent' | 'inconsistent' | 'unknown';

export interface PaymentVerifiedData {
  readonly paymentId: string;
  readonly smsId: string;
  readonly amountDetectedPaisa: Paisa;
  readonly verifiedAt: string;
  readonly balanceCheck: BalanceCheck;
}

/**
 * unconfirmed_reading: an SMS reading not sure enough to verify under the tenant's verification policy;
 * foreign_account: the credit states a receiving account that is none of the tenant's configured ones;
 * third_party: the credit is addressed to somebody's account by name ("in A/C of AHMED RAZA").
 */
export const REVIEW_REASONS = ['amount_mismatch', 'no_reference_amount_match', 'balance_inconsistent', 'unconfirmed_reading', 'foreign_account', 'third_party'] as const;
export type ReviewReason = (typeof REVIEW_REASONS)[number];

export interface PaymentFlaggedForReviewData {
  readonly paymentId: string;
  readonly smsId: string;
  readonly amountDetectedPaisa: Paisa;
  readonly reason: ReviewReason;
  readonly balanceCheck: BalanceCheck;
  readonly flaggedAt: string;
}

export interface PaymentExpiredData {
  readonly paymentId: string;
  readonly expiredAt: string;
}

/** An operator's decision on a payment in manual review. */
export interface PaymentReviewedData {
  readonly paymentId: string;
  /** Who decided: the name of the operator whose token signed the request (`admin` for the bootstrap token). */
  readonly operator: string;
  /** Their operator id; absent in decisions recorded before operators had tokens. */
  readonly operatorId?: string;
  readonly note: string;
  readonly decidedAt: string;
}

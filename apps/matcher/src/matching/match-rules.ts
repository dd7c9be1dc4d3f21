import {
  BalanceCheck,
  BalanceCheckMode,
  PAYMENT_EXPIRED,
  PAYMENT_FLAGGED_FOR_REVIEW,
  PAYMENT_VERIFIED,
  Paisa,
  PaymentExpiredData,
  PaymentFlaggedForReviewData,
  PaymentVerifiedData,
} from '@pvs/contracts';
import { Payment } from '@pvs/payments';

export interface Evidence {
  readonly smsId: string;
  readonly amountPaisa: Paisa;
  /** When we recorded the SMS: a payment counts if it arrived before the intent expired. */
  readonly recordedAt: string;
  readonly balanceCheck: BalanceCheck;
}

export type MatchDecision =
  | { readonly type: typeof PAYMENT_VERIFIED; readonly data: PaymentVerifiedData }
  | { readonly type: typeof PAYMENT_FLAGGED_FOR_REVIEW; readonly data: PaymentFlaggedForReviewData }
  | { readonly type: typeof PAYMENT_EXPIRED; readonly data: PaymentExpiredData };

/**
 * What an SMS whose reference names a pending payment decides: verified when the amount is
 * equal to the paisa (and, if the tenant asks, the balance chain holds), manual review when it
 * is not, failed when the SMS came after the intent expired.
 */
export function decideMatch(payment: Payment, evidence: Evidence, balanceMode: BalanceCheckMode, now: Date): MatchDecision {
  if (evidence.recordedAt >= payment.expiresAt) {
    return { type: PAYMENT_EXPIRED, data: { paymentId: payment.uuid, expiredAt: payment.expiresAt } };
  }
  const flag = (reason: PaymentFlaggedForReviewData['reason']): MatchDecision => ({
    type: PAYMENT_FLAGGED_FOR_REVIEW,
    data: {
      paymentId: payment.uuid,
      smsId: evidence.smsId,
      amountDetectedPaisa: evidence.amountPaisa,
      reason,
      balanceCheck: evidence.balanceCheck,
      flaggedAt: now.toISOString(),
    },
  });
  if (evidence.amountPaisa !== payment.amountExpectedPaisa) return flag('amount_mismatch');
  if (evidence.balanceCheck === 'inconsistent' && balanceMode === 'review') return flag('balance_inconsistent');
  return {
    type: PAYMENT_VERIFIED,
    data: {
      paymentId: payment.uuid,
      smsId: evidence.smsId,
      amountDetectedPaisa: evidence.amountPaisa,
      verifiedAt: now.toISOString(),
      balanceCheck: evidence.balanceCheck,
    },
  };
}

import {
  BalanceCheck,
  BalanceCheckMode,
  PAYMENT_EXPIRED,
  PAYMENT_FLAGGED_FOR_REVIEW,
  PAYMENT_VERIFIED,
  Paisa,
  PaymentExpired,
  PaymentFlaggedForReview,
  PaymentFlaggedForReviewData,
  PaymentVerified,
  SmsParsedData,
} from '@pvs/contracts';
import { accountMatches } from './receiving-account';
import { Payment } from './evolve';

export interface Evidence {
  readonly smsId: string;
  readonly amountPaisa: Paisa;
  /** When we recorded the SMS: a payment counts if it arrived before the intent expired. */
  readonly recordedAt: string;
  readonly balanceCheck: BalanceCheck;
  /** Whether the SMS reading is sure enough to verify on its own (see readingMayVerify). */
  readonly readingMayVerify: boolean;
}

/**
 * A template reading may verify a payment. An extracted reading may only when it has a reference and its credit names
 * the merchant as the receiver: addressed to the account holder ("your account", "you have received"), or stated to
 * an account that matches one the tenant configured. Anything weaker goes to manual review, never to verified.
 */
export function readingMayVerify(parsed: SmsParsedData, configuredAccounts: readonly string[] | undefined): boolean {
  if (parsed.tier !== 'extracted') return true;
  if (parsed.normalizedReference === null) return false;
  if (parsed.target === 'holder') return true;
  const stated = parsed.receivingAccount;
  return stated !== null && (configuredAccounts?.some((account) => accountMatches(account, stated)) ?? false);
}

export type MatchDecision = PaymentVerified | PaymentFlaggedForReview | PaymentExpired;

/**
 * What an SMS whose reference names a pending payment decides: verified when the amount is
 * equal to the paisa, the reading may verify and (if the tenant asks) the balance chain holds;
 * manual review when one of these fails; failed when the SMS came after the intent expired.
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
  if (!evidence.readingMayVerify) return flag('unconfirmed_reading');
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

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
  ReviewReason,
  SmsParsedData,
  VerificationPolicy,
} from '@pvs/contracts';
import { receivedByMerchant } from './receiving-account';
import { Payment } from './evolve';

export interface Evidence {
  readonly smsId: string;
  readonly amountPaisa: Paisa;
  /** When we recorded the SMS: a payment counts if it arrived before the intent expired. */
  readonly recordedAt: string;
  readonly balanceCheck: BalanceCheck;
  /** Why the SMS reading may not verify on its own (see readingDoubt); null when it may. */
  readonly doubt: ReadingDoubt | null;
}

/** Why a reading goes to a human even with the exact amount: a review reason. */
export type ReadingDoubt = Extract<ReviewReason, 'unconfirmed_reading' | 'foreign_account' | 'third_party'>;

/**
 * Whether an SMS reading is sure enough to verify a payment on its own, under the tenant's policy. A reading that
 * states a receiving account other than the tenant's configured ones, or a third party as the receiver, names
 * another receiver. Beyond that, under `standard`, a template reading is sure, and so is an extracted reading with a
 * reference (the sender, the credit wording, the reference and the exact amount vouch for it). `strict` keeps the
 * rules from before the policy existed: where the tenant configured accounts, the reading must state one of them; an
 * extracted reading must also name the merchant (the account holder, or a configured account) and show nothing its
 * institution does not usually send.
 */
export function readingDoubt(parsed: SmsParsedData, configuredAccounts: readonly string[] | undefined, policy: VerificationPolicy): ReadingDoubt | null {
  const stated = parsed.receivingAccount;
  const configured = configuredAccounts ?? [];
  if (stated !== null && !receivedByMerchant(configured, stated)) return 'foreign_account';
  if (policy === 'strict' && stated === null && configured.length > 0) return 'unconfirmed_reading';
  if (parsed.tier !== 'extracted') return null;
  if (parsed.target === 'third_party') return 'third_party';
  if (parsed.normalizedReference === null) return 'unconfirmed_reading';
  if (policy === 'standard') return null;
  if ((parsed.departures?.length ?? 0) > 0) return 'unconfirmed_reading';
  if (parsed.target === 'holder') return null;
  return stated !== null && configured.length > 0 ? null : 'unconfirmed_reading';
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
  // Another receiver is the first thing a reviewer must see, before what the amount says.
  if (evidence.doubt === 'foreign_account' || evidence.doubt === 'third_party') return flag(evidence.doubt);
  if (evidence.amountPaisa !== payment.amountExpectedPaisa) return flag('amount_mismatch');
  if (evidence.doubt !== null) return flag(evidence.doubt);
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

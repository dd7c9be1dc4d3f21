import { Analysis } from '../extract/analyse';
import { NON_PAYMENT_REASONS, WordingKind } from '../lexicon/wordings';
import { SmsRejectionReason } from '../sms.types';

const lettersOf = (name: string): string => name.replace(/[^\p{L}]/gu, '').toUpperCase();

/** "Dear ALI KHAN, … received … from ALI KHAN": money moved between the holder's own accounts. */
function paidByAddressee(analysis: Analysis): boolean {
  const { addressee } = analysis;
  const payer = addressee && analysis.payer;
  return payer !== undefined && addressee !== undefined && lettersOf(payer.name) === lettersOf(addressee.name);
}

/** The wording that makes a message something other than an incoming payment (but for the `accepted` kinds): its kind. */
export function nonPaymentKind(analysis: Analysis, accepted: readonly WordingKind[] = []): (typeof NON_PAYMENT_REASONS)[number] | undefined {
  const ownAccount = paidByAddressee(analysis);
  // Stryker disable next-line ConditionalExpression: a shortcut; reading every message in full costs only time
  if (!ownAccount && !analysis.mayBeNonPayment) return undefined;
  const counted = analysis.wordings.filter((hit) => !accepted.includes(hit.kind));
  const kinds = new Set<string>(counted.map((hit) => hit.kind));
  if (kinds.has('reward') && kinds.has('credit')) kinds.add('credited_reward');
  if (ownAccount) kinds.add('own_account');
  return NON_PAYMENT_REASONS.find(([kind]) => kinds.has(kind));
}

/** Why the wording that counts (but for the `accepted` kinds) makes a message something other than an incoming payment. */
export function nonPaymentReason(analysis: Analysis, accepted: readonly WordingKind[] = []): SmsRejectionReason | undefined {
  return nonPaymentKind(analysis, accepted)?.[1];
}

import { Analysis } from '../extract/analyse';
import { NON_PAYMENT_REASONS, WordingKind } from '../lexicon/wordings';
import { SmsRejectionReason } from '../sms.types';

const lettersOf = (name: string): string => name.replace(/[^\p{L}]/gu, '').toUpperCase();

/** "Dear ALI KHAN, … received … from ALI KHAN": money moved between the holder's own accounts. */
function paidByAddressee({ payer, addressee }: Analysis): boolean {
  return payer !== undefined && addressee !== undefined && lettersOf(payer.name) === lettersOf(addressee.name);
}

/** Why the wording that counts (but for the `accepted` kinds) makes a message something other than an incoming payment. */
export function nonPaymentReason(analysis: Analysis, accepted: readonly WordingKind[] = []): SmsRejectionReason | undefined {
  const counted = analysis.wordings.filter((hit) => !accepted.includes(hit.kind));
  const kinds = new Set<string>(counted.map((hit) => hit.kind));
  if (kinds.has('reward') && kinds.has('credit')) kinds.add('credited_reward');
  if (paidByAddressee(analysis)) kinds.add('own_account');
  return NON_PAYMENT_REASONS.find(([kind]) => kinds.has(kind))?.[1];
}

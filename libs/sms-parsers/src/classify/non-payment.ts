import { Analysis } from '../extract/analyse';
import { Phrases } from '../lexicon/phrases';
import { NON_PAYMENT_REASONS, WordingKind, WORDINGS } from '../lexicon/wordings';
import { SmsRejectionReason } from '../sms.types';

/** Every phrase of every kind that can make a message a non-payment: where none stands, no rule can apply. */
const ANY_NON_PAYMENT = new Phrases(NON_PAYMENT_REASONS.flatMap(([kind]) => (kind === 'credited_reward' ? [] : WORDINGS[kind])));

const lettersOf = (name: string): string => name.replace(/[^\p{L}]/gu, '').toUpperCase();

/** "Dear ALI KHAN, … received … from ALI KHAN": money moved between the holder's own accounts. */
function paidByAddressee(analysis: Analysis): boolean {
  const { addressee } = analysis;
  const payer = addressee && analysis.payer;
  return payer !== undefined && addressee !== undefined && lettersOf(payer.name) === lettersOf(addressee.name);
}

/** Why the wording that counts (but for the `accepted` kinds) makes a message something other than an incoming payment. */
export function nonPaymentReason(analysis: Analysis, accepted: readonly WordingKind[] = []): SmsRejectionReason | undefined {
  const ownAccount = paidByAddressee(analysis);
  // Stryker disable next-line ConditionalExpression: a shortcut; reading every message in full costs only time
  if (!ownAccount && !ANY_NON_PAYMENT.occursIn(analysis.text)) return undefined;
  const counted = analysis.wordings.filter((hit) => !accepted.includes(hit.kind));
  const kinds = new Set<string>(counted.map((hit) => hit.kind));
  if (kinds.has('reward') && kinds.has('credit')) kinds.add('credited_reward');
  if (ownAccount) kinds.add('own_account');
  return NON_PAYMENT_REASONS.find(([kind]) => kinds.has(kind))?.[1];
}

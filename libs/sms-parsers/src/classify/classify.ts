import { SmsDeparture } from '@pvs/contracts';
import { Analysis } from '../extract/analyse';
import { readOccurredAt } from '../extract/occurred-at';
import { normalizeReference, ReferenceMention } from '../extract/reference';
import { Institution, institution, InstitutionId } from '../institutions/institutions';
import { MoneyMention } from '../normalise/money-mentions';
import { CreditTarget, DebitReading, Gateway, Payer, SmsRejectionReason } from '../sms.types';
import { nonPaymentKind } from './non-payment';

/** One credit, read from the words and numbers of a message rather than from a template. */
export interface ExtractedCredit {
  readonly ok: true;
  readonly gateway: Gateway;
  readonly institution: InstitutionId | null;
  readonly amount: MoneyMention & { readonly paisa: number };
  readonly reference: ReferenceMention | null;
  readonly target: CreditTarget;
  readonly receivingAccount?: string;
  readonly balancePaisa?: number;
  readonly payer?: Payer;
  readonly occurredAt?: string;
  /** What the reading shows that its institution usually does not send: read all the same, for a person to see. */
  readonly departures: readonly SmsDeparture[];
}

export type Classification = ExtractedCredit | { readonly ok: false; readonly reason: SmsRejectionReason };

/** Who sent the message, as the allow-list and the institutions table know it. */
export interface SenderContext {
  readonly gateways: readonly Gateway[];
  readonly institutions: readonly InstitutionId[];
  readonly receivedAt: string | Date | undefined;
}

const refuse = (reason: SmsRejectionReason): Classification => ({ ok: false, reason });

function transactionAmount(analysis: Analysis): (MoneyMention & { readonly paisa: number }) | SmsRejectionReason {
  const marked = analysis.money.filter((mention) => mention.role === 'transaction');
  const candidates = marked.length > 0 ? marked : analysis.bareAmounts;
  if (candidates.length === 0) return 'unrecognized_template';
  if (candidates.some((mention) => mention.reading.kind === 'ambiguous')) return 'ambiguous';
  const exact = candidates.flatMap((mention) => (mention.reading.kind === 'exact' ? [{ ...mention, paisa: mention.reading.paisa }] : []));
  const [first] = exact;
  if (first === undefined || exact.length < candidates.length) return 'malformed';
  if (exact.some((mention) => mention.paisa !== first.paisa)) return 'ambiguous';
  return first.paisa === 0 ? 'malformed' : first;
}

/** The reference of the best-ranked label; two different values of that rank are two transactions. */
export function transactionReference(analysis: Analysis): ReferenceMention | null | 'ambiguous' {
  const { references } = analysis;
  const rank = Math.min(...references.map((reference) => reference.rank));
  const best = references.filter((reference) => reference.rank === rank);
  const [first] = best;
  if (first === undefined) return null;
  return best.every((reference) => normalizeReference(reference.value) === normalizeReference(first.value)) ? first : 'ambiguous';
}

/** A real alert says who paid, who was paid or which institution speaks: "Rs 500 received" alone says none. */
function namesAParty(analysis: Analysis): boolean {
  return (
    analysis.holder.length > 0 ||
    analysis.accounts.length > 0 ||
    analysis.payer !== undefined ||
    analysis.payerNumber !== undefined ||
    analysis.institutions.length > 0
  );
}

/** The gateway the credit counts for: the sender's institution's, or the allow-list's, narrowed by the institutions named. */
function gatewayOf(analysis: Analysis, sender: SenderContext): Gateway | undefined {
  const fromSender = sender.institutions.map((id) => institution(id).gateway);
  const candidates = [...new Set(fromSender.length > 0 ? fromSender : sender.gateways)];
  if (candidates.length === 1) return candidates[0];
  const named = new Set(analysis.institutions.flatMap((hit) => hit.kinds.map((id) => institution(id).gateway)));
  const narrowed = candidates.filter((gateway) => named.has(gateway));
  return narrowed.length === 1 ? narrowed[0] : undefined;
}

/** Institutions named as the receiving side ("your HBL A/C"): another institution than the sender's means another account. */
function receivesElsewhere(analysis: Analysis, sender: SenderContext, gateway: Gateway): boolean {
  const named = analysis.institutions.filter((hit) =>
    analysis.holder.some((holder) => hit.span[0] >= holder.span[0] && hit.span[1] <= holder.span[1]),
  );
  if (named.length === 0) return false;
  const accepts = (id: InstitutionId): boolean =>
    sender.institutions.length > 0 ? sender.institutions.includes(id) : institution(id).gateway === gateway;
  return !named.some((hit) => hit.kinds.some(accepts));
}

/** The sender's institution of that gateway, when the sender is an institution's (no sender id is two institutions'). */
function institutionOf(sender: SenderContext, gateway: Gateway): InstitutionId | null {
  return sender.institutions.find((id) => institution(id).gateway === gateway) ?? null;
}

function payerOf(analysis: Analysis): Payer | undefined {
  const account = analysis.accounts.find((mention) => mention.side === 'payer' && !/^(?:\+?92|0)3/.test(mention.value))?.value;
  const payer = {
    ...(analysis.payer && { name: analysis.payer.name }),
    ...(analysis.payerNumber !== undefined && { number: analysis.payerNumber }),
    ...(account !== undefined && { account }),
  };
  return Object.keys(payer).length > 0 ? payer : undefined;
}

/** The balance the message states, when it states one: never one written `PKR-1,200.00`, which may be below zero. */
function balanceOf(analysis: Analysis): number | undefined {
  const balances = new Set(
    analysis.money.flatMap((mention) => (mention.role === 'balance' && mention.dashed !== true && mention.reading.kind === 'exact' ? [mention.reading.paisa] : [])),
  );
  return balances.size === 1 ? [...balances][0] : undefined;
}

/**
 * Decides whether an analysed message is exactly one credit to the account holder, and reads it: credit wording,
 * no non-payment wording, one transaction amount, at most one reference, nothing that points at another account.
 */
export function classify(analysis: Analysis, sender: SenderContext): Classification {
  // Every rule below reads the wording: read it first, so that the shortcuts of a reading that needs less are skipped.
  const credited = analysis.wordings.some((hit) => hit.kind === 'credit');
  if (analysis.tailHoldsTransaction) return refuse('ambiguous');
  const nonPayment = nonPaymentKind(analysis);
  if (nonPayment !== undefined) return refuse(nonPayment[1]);
  if (!credited) return refuse('unrecognized_template');
  const amount = transactionAmount(analysis);
  if (typeof amount === 'string') return refuse(amount);
  const reference = transactionReference(analysis);
  if (reference === 'ambiguous') return refuse('ambiguous');
  if (reference === null && !namesAParty(analysis)) return refuse('unrecognized_template');
  const gateway = gatewayOf(analysis, sender);
  if (gateway === undefined) return refuse('ambiguous');
  if (receivesElsewhere(analysis, sender, gateway)) return refuse('unrecognized_template');
  const institutionId = institutionOf(sender, gateway);
  const known = institutionId === null ? undefined : institution(institutionId);
  // A credit its institution always sends with a transaction id, read without one, is a message cut short.
  if (reference === null && known?.creditsCarryReference === true) return refuse('malformed');
  const receivingAccount = analysis.accounts.find((mention) => mention.side === 'receiver')?.value;
  const occurredAt = analysis.date ? readOccurredAt(analysis.date.date, analysis.date.time, sender.receivedAt) : undefined;
  if (occurredAt?.kind === 'invalid') return refuse('malformed');
  const balancePaisa = balanceOf(analysis);
  const payer = payerOf(analysis);
  return {
    ok: true,
    gateway,
    institution: institutionId,
    amount,
    reference,
    target: targetOf(analysis, receivingAccount),
    ...(receivingAccount !== undefined && { receivingAccount }),
    ...(balancePaisa !== undefined && { balancePaisa }),
    ...(payer && { payer }),
    ...(occurredAt?.kind === 'stated' && { occurredAt: occurredAt.value }),
    departures: known === undefined ? [] : departuresFrom(known, reference === null ? null : normalizeReference(reference.value), receivingAccount),
  };
}

/** To whom the credit is addressed: somebody else's account by name first, then the holder's words, then an account alone. */
function targetOf(analysis: Analysis, receivingAccount: string | undefined): CreditTarget {
  if (analysis.namesThirdParty) return 'third_party';
  if (analysis.holder.length > 0) return 'holder';
  return receivingAccount === undefined ? 'unstated' : 'account';
}

/** How a reading departs from what its institution usually sends: its reference's shape, its account's. */
function departuresFrom(known: Institution, reference: string | null, receivingAccount: string | undefined): SmsDeparture[] {
  const departures: SmsDeparture[] = [];
  const { usualReference, usualAccount } = known;
  if (reference !== null && usualReference !== undefined && !usualReference.shape.test(reference)) {
    departures.push({ field: 'reference', institution: known.name, usual: usualReference.described, found: describeShape(reference) });
  }
  if (receivingAccount !== undefined && usualAccount !== undefined && !usualAccount.shape.test(receivingAccount.replace(/-/g, ''))) {
    departures.push({ field: 'account', institution: known.name, usual: usualAccount.described, found: receivingAccount });
  }
  return departures;
}

function describeShape(reference: string): string {
  return /^\d+$/.test(reference) ? `${reference.length} digits` : `${reference.length} letters and digits`;
}

/** Wordings of money leaving the holder's account: a transfer or payment sent, a withdrawal, a card purchase. */
const DEBIT_KINDS: readonly string[] = ['debit', 'card_payment'];

/**
 * A message that is a debit and nothing else (no credit wording), with one exact amount and one stated balance: what
 * it tells of the holder's account, for its ledger. The holder's account is the one money left ("from A/C …"), else
 * the only one named.
 */
export function readDebit(analysis: Analysis, sender: SenderContext): DebitReading | undefined {
  if (analysis.tailHoldsTransaction || analysis.wordings.some((hit) => hit.kind === 'credit')) return undefined;
  const kind = nonPaymentKind(analysis)?.[0];
  if (kind === undefined || !DEBIT_KINDS.includes(kind)) return undefined;
  const amount = transactionAmount(analysis);
  const balancePaisa = balanceOf(analysis);
  const gateway = gatewayOf(analysis, sender);
  if (typeof amount === 'string' || balancePaisa === undefined || gateway === undefined) return undefined;
  const accounts = analysis.accounts.filter((mention) => !/^(?:\+?92|0)3/.test(mention.value));
  const account = accounts.find((mention) => mention.side === 'payer')?.value ?? (accounts.length === 1 ? accounts[0]?.value : undefined);
  return { gateway, amountPaisa: amount.paisa, balancePaisa, ...(account !== undefined && { account }) };
}

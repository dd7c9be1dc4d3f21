import { AMOUNT_LABELS, BALANCE_LABELS, DECOY_MONEY_LABELS } from '../lexicon/labels';
import { Phrases } from '../lexicon/phrases';
import { MoneyMention } from '../normalise/money-mentions';
import { readMoney } from '../normalise/money';
import { Span } from '../normalise/text';

/** What a money mention is, by the label written just before it (or a fee word just after it). */
export type MoneyRole = 'transaction' | 'balance' | 'decoy';

export interface LabelledMoney extends MoneyMention {
  readonly role: MoneyRole;
  readonly label: string | null;
}

/** How far before a money mention its label may stand. */
const LABEL_REACH = 32;
const LABELS = [
  { role: 'balance', pattern: new Phrases(BALANCE_LABELS) },
  { role: 'decoy', pattern: new Phrases(DECOY_MONEY_LABELS) },
  { role: 'transaction', pattern: new Phrases(AMOUNT_LABELS) },
] as const;
const DECOY_AFTER = /^ ?(?:\/-)? ?(?:fee|fees|charges?|tax|fed|wht|cash ?back|discount|off|limit|bonus|reward|profit|(?:is )?(?:available|remaining|left))(?![\p{L}\p{N}])/iu;
const BARE_NUMBER = String.raw`(?<number>\d(?:[\d,.]{0,24}\d)?)`;
/** An amount with no currency marker, where the words around it can only mean the payment's amount. */
const BARE_AMOUNT = new RegExp(
  String.raw`(?<![\p{L}\p{N}])(?:(?:txn |transaction )?(?:amount|amt)(?: of)?|received|credited(?: with| by)?|deposited)[ :]{1,3}${BARE_NUMBER}(?= (?:from|in|into|on|via|at|has|have|was|is|credited|received)(?![\p{L}\p{N}])|[ .,;|]*$)`,
  'giu',
);

interface LabelHit {
  readonly role: MoneyRole;
  readonly text: string;
  readonly span: Span;
}

function labelHits(text: string): LabelHit[] {
  return LABELS.flatMap(({ role, pattern }) =>
    pattern.matches(text).map((match) => ({ role, text: match[0], span: [match.index, match.index + match[0].length] as const })),
  ).sort((a, b) => a.span[1] - b.span[1]);
}

/**
 * Gives each money mention its role: the nearest label before it within its sentence decides (a balance, a fee or a
 * limit is never the amount), and so does a fee word right after it; a mention with no label is a transaction amount.
 */
export function labelMoney(text: string, mentions: readonly MoneyMention[], sentenceStart: (index: number) => number): LabelledMoney[] {
  const labels = labelHits(text);
  let next = 0;
  let nearest: LabelHit | undefined;
  return mentions.map((mention, index) => {
    const start = mention.extent[0];
    while (next < labels.length && (labels[next]?.span[1] ?? Infinity) <= start) nearest = labels[next++];
    const previousEnd = mentions[index - 1]?.extent[1] ?? 0;
    const floor = Math.max(start - LABEL_REACH, previousEnd, sentenceStart(start));
    const label = nearest !== undefined && nearest.span[0] >= floor ? nearest : undefined;
    if (DECOY_AFTER.test(text.slice(mention.extent[1], mention.extent[1] + 16))) return { ...mention, role: 'decoy', label: null };
    return { ...mention, role: label?.role ?? 'transaction', label: label?.text ?? null };
  });
}

/** Amounts written without a currency marker after "Amount:" or "received": read only when no marked amount exists. */
export function findBareAmounts(text: string): MoneyMention[] {
  return Array.from(text.matchAll(BARE_AMOUNT), (match) => {
    const number = match.groups?.number ?? '';
    const end = match.index + match[0].length;
    const start = match.index + match[0].lastIndexOf(number);
    return { span: [start, start + number.length] as const, extent: [start, end] as const, reading: readMoney(number) };
  });
}

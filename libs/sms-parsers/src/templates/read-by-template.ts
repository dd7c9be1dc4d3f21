import { transactionReference } from '../classify/classify';
import { nonPaymentReason } from '../classify/non-payment';
import { Analysis } from '../extract/analyse';
import { readOccurredAt } from '../extract/occurred-at';
import { normalizeReference } from '../extract/reference';
import { readMoney } from '../normalise/money';
import { Span } from '../normalise/text';
import { Payer, SmsInput, SmsRejectionReason } from '../sms.types';
import { TemplateMatcher } from './template';

/** What a template read, before it becomes a result: money in paisa, spans in the normalised text. */
export interface TemplateReading {
  readonly ok: true;
  readonly template: TemplateMatcher;
  readonly amountPaisa: number;
  readonly reference: string | null;
  readonly spans: { readonly amount: Span; readonly reference: Span | null };
  readonly payer?: Payer;
  readonly occurredAt?: string;
  readonly receivingAccount?: string;
  readonly balancePaisa?: number;
}

export type TemplateOutcome = TemplateReading | { readonly ok: false; readonly reason: SmsRejectionReason };

type Groups = Readonly<Record<string, string | undefined>>;

const refuse = (reason: SmsRejectionReason): TemplateOutcome => ({ ok: false, reason });
function payerOf(groups: Groups): Payer | undefined {
  if (groups.payerName === undefined && groups.payerNumber === undefined && groups.payerAccount === undefined) return undefined;
  const payer: { name?: string; number?: string; account?: string } = {};
  if (groups.payerName) payer.name = groups.payerName.trim();
  if (groups.payerNumber) payer.number = groups.payerNumber;
  if (groups.payerAccount) payer.account = groups.payerAccount;
  return payer;
}

/** Each template's pattern without match indices, which cost more than the match itself; indices are taken only when needed. */
const WITHOUT_INDICES = new WeakMap<TemplateMatcher, RegExp>();

function quickPattern(template: TemplateMatcher): RegExp {
  let pattern = WITHOUT_INDICES.get(template);
  if (pattern === undefined) {
    pattern = new RegExp(template.pattern.source, template.pattern.flags.replace('d', ''));
    WITHOUT_INDICES.set(template, pattern);
  }
  return pattern;
}

/** Where a group's text stands when it occurs exactly once in the text; undefined when it occurs again. */
function onlyPlace(text: string, value: string): Span | undefined {
  const start = text.indexOf(value);
  return text.indexOf(value, start + 1) === -1 ? [start, start + value.length] : undefined;
}

/** Where the amount and reference stand: found by their text when it occurs once, else from the match's indices. */
function spansOf(template: TemplateMatcher, text: string, groups: Groups): TemplateReading['spans'] {
  const { amount = '', reference } = groups;
  const amountSpan = onlyPlace(text, amount);
  const referenceSpan = reference === undefined ? null : onlyPlace(text, reference);
  if (amountSpan !== undefined && referenceSpan !== undefined) return { amount: amountSpan, reference: referenceSpan };
  const indices = template.pattern.exec(text)?.indices?.groups ?? {};
  return { amount: indices.amount ?? [0, 0], reference: indices.reference ?? null };
}

function readMatch(template: TemplateMatcher, text: string, match: RegExpExecArray, receivedAt: SmsInput['receivedAt']): TemplateOutcome {
  const groups: Groups = match.groups ?? {};
  const amount = readMoney(groups.amount ?? '');
  if (amount.kind !== 'exact') return refuse(amount.kind === 'ambiguous' ? 'ambiguous' : 'malformed');
  if (amount.paisa === 0) return refuse('malformed');
  const balance = groups.balance === undefined ? undefined : readMoney(groups.balance);
  if (balance !== undefined && balance.kind !== 'exact') return refuse(balance.kind === 'ambiguous' ? 'ambiguous' : 'malformed');
  const occurredAt = readOccurredAt(groups.date, groups.time, receivedAt);
  if (occurredAt.kind === 'invalid') return refuse('malformed');
  const reading: { -readonly [K in keyof TemplateReading]: TemplateReading[K] } = {
    ok: true,
    template,
    amountPaisa: amount.paisa,
    reference: groups.reference === undefined ? null : normalizeReference(groups.reference),
    spans: spansOf(template, text, groups),
  };
  const payer = payerOf(groups);
  if (payer !== undefined) reading.payer = payer;
  if (occurredAt.kind === 'stated') reading.occurredAt = occurredAt.value;
  if (groups.receivingAccount) reading.receivingAccount = groups.receivingAccount;
  if (balance !== undefined) reading.balancePaisa = balance.paisa;
  return reading;
}

/**
 * What a template's reading is judged by, and why the wording makes it no payment: a wording no credit word marks (a
 * learned one) ends where the template's body does, and a promotion after that is its tail. Only a message the words
 * refuse needs the body's end (a second match, with indices).
 */
function judged(analysis: Analysis, template: TemplateMatcher): { readonly analysis: Analysis; readonly rejection: SmsRejectionReason | undefined } {
  const rejection = nonPaymentReason(analysis, template.acceptsWording);
  const tail = rejection === undefined ? undefined : template.pattern.exec(analysis.text)?.indices?.groups?.tail;
  if (tail === undefined) return { analysis, rejection };
  const ended = analysis.endingAt(tail[0]);
  return { analysis: ended, rejection: nonPaymentReason(ended, template.acceptsWording) };
}

/** Whether a (global) pattern matches the text more than once. */
function occursTwice(pattern: RegExp, text: string): boolean {
  pattern.lastIndex = 0;
  const twice = pattern.exec(text) !== null && pattern.exec(text) !== null;
  pattern.lastIndex = 0;
  return twice;
}

function sameReading(a: TemplateReading, b: TemplateReading): boolean {
  return a.amountPaisa === b.amountPaisa && a.reference === b.reference && a.receivingAccount === b.receivingAccount;
}

/**
 * The high-confidence tier: a message one of the sender's templates reads end to end. Wording anywhere in it that
 * makes it a non-payment rejects it even so ("reversed", "failed", also in a tail), as do two readings that disagree.
 * Undefined when no template matches, or when the one that matches missed a labelled reference.
 */
export function readByTemplate(
  analysis: Analysis,
  templates: readonly TemplateMatcher[],
  receivedAt: SmsInput['receivedAt'],
): TemplateOutcome | undefined {
  const { text } = analysis;
  let chosen: TemplateReading | undefined;
  let chosenAnalysis = analysis;
  let firstRejection: TemplateOutcome | undefined;
  for (const template of templates) {
    const match = quickPattern(template).exec(text);
    if (match === null) continue;
    const { analysis: read, rejection } = judged(analysis, template);
    if (rejection !== undefined) return refuse(rejection);
    if (occursTwice(template.signature, text)) return refuse('ambiguous');
    const reading = readMatch(template, text, match, receivedAt);
    if (!reading.ok) {
      firstRejection ??= reading;
      continue;
    }
    if (chosen !== undefined && !sameReading(chosen, reading)) return refuse('ambiguous');
    if (chosen === undefined) [chosen, chosenAnalysis] = [reading, read];
  }
  if (chosen === undefined) return firstRejection;
  // A tail the template let through may still tell of another transaction: as in the extracted tier, two readings.
  if (chosenAnalysis.tailHoldsTransaction) return refuse('ambiguous');
  const labelled = transactionReference(chosenAnalysis);
  if (labelled === 'ambiguous') return refuse('ambiguous');
  // A reference the template left to its tail ("Ref No." where it knows "Ref:"): the words decide instead.
  return (labelled === null ? null : normalizeReference(labelled.value)) === chosen.reference ? chosen : undefined;
}

import { createHash } from 'node:crypto';
import { transactionReference } from '../classify/classify';
import { isFragment } from '../classify/fragments';
import { nonPaymentReason } from '../classify/non-payment';
import { Analysis, analyse } from '../extract/analyse';
import { normalizeReference } from '../extract/reference';
import { institutionsOfSender } from '../institutions/identify';
import { institution as institutionRecord } from '../institutions/institutions';
import { normalizeSender, senderTrust } from '../institutions/senders';
import { readMoney } from '../normalise/money';
import { NormalisedText, Span } from '../normalise/text';
import { MAX_BODY_LENGTH, readTrustedBody } from '../parse-sms';
import { AllowedSenders, Gateway } from '../sms.types';
import { anchored } from '../templates/template';
import { LearnedTemplateDefinition, LearnedTemplateSet } from './learned-template-set';
import { learnedPatternBody, literalRuns, Slot, SLOT_KINDS, SlotKind, slotPattern, wordingEnd } from './template-pattern';

/** Where the operator marked a value: its text, and where it starts in the raw body when it occurs more than once. */
export interface Mark {
  readonly text: string;
  readonly at?: number;
}

/** The amount always; the reference, or null when the wording has none; the other values when the operator marked them. */
export type Marks = { readonly amount: Mark; readonly reference: Mark | null } & { readonly [K in Exclude<SlotKind, 'amount' | 'reference'>]?: Mark };

/** An example SMS the parser rejected, and what the operator marked in it. */
export interface Lesson {
  /** Whose wording it becomes: a tenant's id (a promotion makes it everyone's). Part of the template's id. */
  readonly scope: string;
  readonly sender: string;
  readonly body: string;
  readonly marks: Marks;
  /** The tenant's allowed senders: the sender must be trusted for the gateway. */
  readonly allowedSenders?: AllowedSenders;
  /** Needed only when the sender is trusted for more than one gateway. */
  readonly gateway?: Gateway;
}

export interface Derivation {
  readonly ok: true;
  readonly definition: LearnedTemplateDefinition;
  /** The slots the operator marked, and those the parser found on its own (a payer's name, a date, a time). */
  readonly slots: readonly SlotKind[];
  readonly autoSlots: readonly SlotKind[];
  /** Where each marked value stands in the raw body (UTF-16 code units), as the operator marked it. */
  readonly markedSpans: Readonly<Partial<Record<SlotKind, Span>>>;
}

export interface LessonRefused {
  readonly ok: false;
  readonly reason: string;
}

const refuse = (reason: string): LessonRefused => ({ ok: false, reason });
const SIGNATURE_LEAST_LENGTH = 6;
const ESCAPED = /[.*+?^${}()|[\]\\/-]/g;

/** Where a mark stands in the normalised text: where `at` says, or its only occurrence. */
function locate(text: NormalisedText, kind: SlotKind, mark: Mark): Slot | string {
  const value = new NormalisedText(mark.text).text;
  if (value === '') return `The ${kind} mark is empty`;
  const starts: number[] = [];
  for (let at = text.text.indexOf(value); at >= 0; at = text.text.indexOf(value, at + 1)) starts.push(at);
  const chosen = mark.at === undefined ? starts : starts.filter((start) => text.rawSpan([start, start + value.length])[0] === mark.at);
  if (chosen.length === 0) return `The ${kind} “${mark.text}” does not occur in the SMS${mark.at === undefined ? '' : ` at ${mark.at}`}`;
  if (chosen.length > 1) return `The ${kind} “${mark.text}” occurs more than once in the SMS: say where`;
  return { kind, start: chosen[0], end: chosen[0] + value.length };
}

/** Whether a marked value reads as its kind: its slot's own fragment must take all of it, money must be exact. */
function readableAs(slot: Slot, value: string): string | undefined {
  if (!new RegExp(`^(?:${slotPattern(slot.kind, value)})$`).test(value)) return `“${value}” does not read as a ${slot.kind}`;
  if (slot.kind === 'amount' || slot.kind === 'balance') {
    const money = readMoney(value);
    if (money.kind !== 'exact' || (slot.kind === 'amount' && money.paisa === 0)) return `“${value}” is not an exact amount`;
  }
  return undefined;
}

/** The values the parser finds by itself and the operator did not mark: the payer's name, the date and time. */
function autoSlots(analysis: Analysis, taken: readonly Slot[]): Slot[] {
  const { text } = analysis;
  const free = ([start, end]: readonly [number, number]) => taken.every((slot) => end <= slot.start || slot.end <= start);
  const found: Slot[] = [];
  const payer = analysis.payer;
  // A name the slot could not read (`ALI_KHAN`) stays words of the wording.
  if (payer && free(payer.span) && readableAs({ kind: 'payerName', start: 0, end: 0 }, text.slice(...payer.span)) === undefined) {
    found.push({ kind: 'payerName', start: payer.span[0], end: payer.span[1] });
  }
  for (const [kind, value] of [['date', analysis.date?.date], ['time', analysis.date?.time]] as const) {
    const start = value === undefined ? -1 : text.indexOf(value);
    if (start >= 0 && text.indexOf(value!, start + 1) < 0 && free([start, start + value!.length])) found.push({ kind, start, end: start + value!.length });
  }
  return found;
}

/** The wording's marker: its longest run of words with no number, at least two words and six characters. */
function signatureOf(text: string, slots: readonly Slot[]): string | undefined {
  const runs = literalRuns(text, slots).filter((run) => run.includes(' ') && run.length >= SIGNATURE_LEAST_LENGTH);
  const longest = runs.sort((a, b) => b.length - a.length)[0];
  return longest?.replace(ESCAPED, '\\$&');
}

/**
 * A template from one example: the marked values become typed slots, the rest of the wording literals that allow the
 * spacing and numbers the built-in templates allow. Refused, with the reason, when the example is no complete credit
 * alert, a mark does not read as what it marks, the parser already reads it by a template, or the derived template
 * would not read its own example exactly as marked.
 */
export function deriveTemplate(lesson: Lesson): Derivation | LessonRefused {
  if (lesson.body.length > MAX_BODY_LENGTH) return refuse(`The SMS is longer than ${MAX_BODY_LENGTH} characters`);
  const text = new NormalisedText(lesson.body);
  if (text.text === '' || isFragment(text.text)) return refuse('The SMS is empty or incomplete (part of a split message)');
  const analysis = analyse(text.text);

  const marked: Slot[] = [];
  for (const kind of SLOT_KINDS) {
    const mark = lesson.marks[kind];
    if (!mark) continue;
    const slot = locate(text, kind, mark);
    if (typeof slot === 'string') return refuse(slot);
    const unreadable = readableAs(slot, text.text.slice(slot.start, slot.end));
    if (unreadable !== undefined) return refuse(unreadable);
    marked.push(slot);
  }
  const ordered = [...marked].sort((a, b) => a.start - b.start);
  // A space between two values is enough (`SANA IQBAL 03211234567`): no slot reads a space at its end.
  for (let i = 1; i < ordered.length; i++) {
    if (ordered[i].start <= ordered[i - 1].end) return refuse(`The ${ordered[i - 1].kind} and the ${ordered[i].kind} marks overlap or touch: a space or words must stand between them`);
  }

  // A promotion after the marked wording is its tail, as it is after a built-in template's.
  const wording = analysis.endingAt(wordingEnd(text.text, ordered));
  const notPayment = nonPaymentReason(wording);
  if (notPayment !== undefined) return refuse(`The SMS is no incoming payment (${notPayment}): it cannot teach a credit wording`);

  const labelled = transactionReference(wording);
  const markedReference = lesson.marks.reference && normalizeReference(lesson.marks.reference.text);
  if (labelled === 'ambiguous') return refuse('The SMS names two different references');
  if (labelled !== null && normalizeReference(labelled.value) !== markedReference) {
    return refuse(`The SMS has a reference after “${labelled.label}” (${labelled.value}): mark it as the reference`);
  }
  if (labelled === null && markedReference !== null) {
    return refuse(`The reference “${lesson.marks.reference?.text}” has no label before it (TID, Ref, Trx ID…): a template reads only a labelled reference; mark none`);
  }

  const sender = normalizeSender(lesson.sender);
  const trustedFor = senderTrust(lesson.allowedSenders).get(sender) ?? [];
  if (trustedFor.length === 0) return refuse(`The sender ${lesson.sender} is not among the tenant's allowed senders: allow it first`);
  if (lesson.gateway !== undefined && !trustedFor.includes(lesson.gateway)) return refuse(`The sender ${lesson.sender} is not allowed for ${lesson.gateway}`);
  if (lesson.gateway === undefined && trustedFor.length > 1) return refuse(`The sender ${lesson.sender} is allowed for ${trustedFor.join(' and ')}: name the gateway`);
  const gateway = lesson.gateway ?? trustedFor[0];
  const institution = institutionsOfSender(sender, [gateway])[0] ?? null;
  const builtIn = readTrustedBody(sender, [gateway], lesson.body).result;
  if (builtIn.ok && builtIn.tier === 'template') return refuse(`The SMS is already read by the template ${builtIn.templateId}`);

  const found = autoSlots(analysis, marked);
  const slots = [...marked, ...found];
  const signature = signatureOf(text.text, slots);
  if (signature === undefined) return refuse('The wording has too little text of its own (two words, six characters, no number) to be told from others');
  const referenceShape = institution === null ? undefined : institutionRecord(institution).usualReference?.shape;
  const pattern = anchored(learnedPatternBody(text.text, slots, referenceShape)).source;
  const id = `learned.${createHash('sha256').update(`${lesson.scope}\n${sender}\n${gateway}\n${pattern}`).digest('hex').slice(0, 12)}`;
  const definition: LearnedTemplateDefinition = { id, gateway, institution, sender, pattern, signature };

  const own = readTrustedBody(sender, [gateway], lesson.body, undefined, new LearnedTemplateSet([definition])).result;
  if (!own.ok) return refuse(`The derived template would not read its own example: ${own.reason}`);
  const amount = readMoney(new NormalisedText(lesson.marks.amount.text).text);
  if (own.templateId !== id || amount.kind !== 'exact' || own.amountPaisa !== amount.paisa || own.reference !== markedReference) {
    return refuse('The derived template would not read its own example as marked');
  }
  const markedSpans = Object.fromEntries(marked.map((slot) => [slot.kind, text.rawSpan([slot.start, slot.end])]));
  return { ok: true, definition, slots: marked.map((slot) => slot.kind), autoSlots: found.map((slot) => slot.kind), markedSpans };
}

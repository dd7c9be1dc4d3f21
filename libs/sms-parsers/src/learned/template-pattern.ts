import { account, AMOUNT, BALANCE, CURRENCY, DATE, mobile, NAME, TIME } from '../templates/template';

/** What a learned template reads where an operator marked the example (or the parser found a payer, date or time). */
export type SlotKind = 'amount' | 'reference' | 'receivingAccount' | 'balance' | 'payerName' | 'payerNumber' | 'payerAccount' | 'date' | 'time';

export const SLOT_KINDS: readonly SlotKind[] = ['amount', 'reference', 'receivingAccount', 'balance', 'payerName', 'payerNumber', 'payerAccount', 'date', 'time'];

/** A slot's place in the example's normalised text: a half-open range. */
export interface Slot {
  readonly kind: SlotKind;
  readonly start: number;
  readonly end: number;
}

const MOBILE_SHAPE = /^(?:\+?92|0)3[\d*xX-]{7,11}\d$/;
/** Punctuation that senders space as they like: `A/C:123`, `A/C : 123` and `A/C: 123` are one wording. */
const LOOSE_PUNCTUATION = new Set([':', '#', ',', ';', '=', '|', '.', '(', ')']);
const REGEX_SPECIAL = /[.*+?^${}()|[\]\\/-]/g;
/** Spaces, masked numbers (`**4455`, `XXXX1234`), loose punctuation, words and numbers, any other character. */
const TOKEN = /\s+|(?:[*#]+|[xX]{2,})[\d*#xX-]*\d|\d+(?:[*#]+|[xX]{2,})[\d*#xX-]*|[:#,;=|.()]|[\p{L}\p{N}'&_]+|./gu;
/** A word's separator from the value after it (`TID 123`, `TID: 123`, `TID#123`): senders write it either way. */
const LABEL_END = /(?<=[\p{L}\p{N}])(?: ?[:#] ?| )$/u;
const LABEL_SEPARATOR = '(?: ?[:#] ?| )';
const GREETING = /^(?:Dear|Hi|Hello) [A-Za-z .']{1,40}, ?/;
const CURRENCY_BEFORE = /(?:Rs|PKR)\.? ?$/;
/** Where a sentence ends: what follows the last slot's sentence is left to the template's tail. */
const SENTENCE_END = /[.;](?= |$)/;

const escape = (text: string) => text.replace(REGEX_SPECIAL, '\\$&');
const around = (length: number, slack: number, least = 1) => `{${Math.max(least, length - slack)},${length + slack}}`;

/** A reference slot: the institution's shape of transaction ids when the example has it, else the example's alphabet and about its length. */
export function referencePattern(example: string, institutionShape?: RegExp): string {
  if (institutionShape?.test(example)) return `(?<reference>${institutionShape.source.replace(/^\^|\$$/g, '')})`;
  const length = example.length;
  if (/^\d+$/.test(example)) return `(?<reference>\\d${around(length, 3, 4)})`;
  if (/^[A-Z0-9]+$/.test(example)) return `(?<reference>[A-Z0-9]${around(length, 3, 4)})`;
  if (/^[A-Za-z0-9]+$/.test(example)) return `(?<reference>[A-Za-z0-9]${around(length, 3, 4)})`;
  return `(?<reference>[A-Za-z0-9][A-Za-z0-9-]${around(length - 1, 3, 3)})`;
}

/** The fragment that reads a slot of this kind, shaped on the example's value where its shape varies. */
export function slotPattern(kind: SlotKind, example: string, referenceShape?: RegExp): string {
  switch (kind) {
    case 'amount':
      return AMOUNT;
    case 'balance':
      return BALANCE;
    case 'reference':
      return referencePattern(example, referenceShape);
    case 'receivingAccount':
      return MOBILE_SHAPE.test(example) ? mobile('receivingAccount') : account('receivingAccount');
    case 'payerNumber':
      return mobile('payerNumber');
    case 'payerAccount':
      return account('payerAccount');
    case 'payerName':
      return NAME;
    case 'date':
      return DATE;
    case 'time':
      return TIME;
  }
}

/** One token of the text between slots, as a pattern that reads the same wording with other numbers and spacing. */
function tokenPattern(token: string): string {
  if (/^\d+$/.test(token)) return `\\d${around(token.length, 2)}`;
  if (/^(?=.*\d)(?=.*[*#xX])[\d*#xX-]+$/.test(token) && /[*#]|[xX]{2}/.test(token)) return String.raw`[*xX#\d][\d*xX#-]{0,30}\d`;
  if (/^(?=.*\d)(?=.*[A-Za-z])[A-Za-z0-9]+$/.test(token)) return `[A-Za-z0-9]${around(token.length, 2)}`;
  return escape(token);
}

/** The words between two slots: words kept as written, numbers generalised, loose punctuation spaced either way. */
function literalPattern(text: string): string {
  const tokens = text.match(TOKEN) ?? [];
  let pattern = '';
  tokens.forEach((token, i) => {
    if (LOOSE_PUNCTUATION.has(token)) {
      pattern += ` ?${escape(token)} ?`;
      return;
    }
    // Stryker disable next-line Regex: a token is all whitespace or has none, and normalised text has no run of spaces
    if (/^\s+$/.test(token)) {
      // A space beside loose punctuation is already optional there.
      if (!LOOSE_PUNCTUATION.has(tokens[i - 1] ?? '') && !LOOSE_PUNCTUATION.has(tokens[i + 1] ?? '')) pattern += ' ';
      return;
    }
    pattern += tokenPattern(token);
  });
  return pattern;
}

/** The words before a slot: a word's separator from the value, a colon, a hash or a space, is written either way. */
function labelPattern(text: string): string {
  const label = LABEL_END.exec(text);
  return label === null ? literalPattern(text) : literalPattern(text.slice(0, label.index)) + LABEL_SEPARATOR;
}

/**
 * The body of a learned template's pattern (before anchoring) from its example's normalised text and slots: each
 * slot becomes its typed fragment (an amount or balance takes the currency written before it), the text between
 * them its literal pattern, a leading greeting becomes optional, and the pattern ends with the sentence of the
 * last slot, leaving the rest to the tail every template allows.
 */
export function learnedPatternBody(text: string, slots: readonly Slot[], referenceShape?: RegExp): string {
  const ordered = [...slots].sort((a, b) => a.start - b.start);
  const [start, end] = wordingExtent(text, ordered);
  let pattern = start > 0 ? String.raw`(?:(?:Dear|Hi|Hello) [A-Za-z .']{1,40}, ?)?` : '';
  let at = start;
  for (const slot of ordered) {
    let before = text.slice(at, slot.start);
    let currency = '';
    if ((slot.kind === 'amount' || slot.kind === 'balance') && CURRENCY_BEFORE.test(before)) {
      before = before.replace(CURRENCY_BEFORE, '');
      currency = CURRENCY;
    }
    pattern += labelPattern(before) + currency + slotPattern(slot.kind, text.slice(slot.start, slot.end), referenceShape);
    at = slot.end;
  }
  return pattern + literalPattern(text.slice(at, end));
}

/** Where the wording a learned pattern spells out ends: whatever follows is its tail, as after a built-in template. */
export function wordingEnd(text: string, slots: readonly Slot[]): number {
  return wordingExtent(text, [...slots].sort((a, b) => a.start - b.start))[1];
}

/** The part of the text a learned pattern spells out: after a greeting, up to the end of the last slot's sentence. */
function wordingExtent(text: string, ordered: readonly Slot[]): [number, number] {
  const greeting = ordered.length > 0 ? GREETING.exec(text.slice(0, ordered[0].start)) : null;
  const last = ordered.at(-1)?.end ?? 0;
  const sentenceEnd = SENTENCE_END.exec(text.slice(last));
  return [greeting?.[0].length ?? 0, sentenceEnd ? last + sentenceEnd.index : text.length];
}

/** The runs of plain words between the slots, without numbers, masked numbers or punctuation: the wording's own text. */
export function literalRuns(text: string, slots: readonly Slot[]): string[] {
  const ordered = [...slots].sort((a, b) => a.start - b.start);
  const [start, end] = wordingExtent(text, ordered);
  const gaps: string[] = [];
  let at = start;
  for (const slot of ordered) {
    const gap = text.slice(at, slot.start);
    // The currency before an amount is the slot's own (`Rs` or `PKR`), not the wording's.
    gaps.push(slot.kind === 'amount' || slot.kind === 'balance' ? gap.replace(CURRENCY_BEFORE, '') : gap);
    at = slot.end;
  }
  gaps.push(text.slice(at, end));
  return gaps.flatMap((gap) => gap.split(/[^\p{L}' /&-]+/u)).map((run) => run.trim()).filter((run) => run !== '');
}

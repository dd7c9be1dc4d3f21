import { Span } from '../normalise/text';

/** Words that end in a full stop without ending a sentence. */
const ABBREVIATIONS = new Set([
  'rs', 'pkr', 'no', 'a/c', 'ac', 'acc', 'acct', 'mr', 'mrs', 'ms', 'dr', 'pvt', 'ltd', 'co', 'bal', 'avl', 'amt', 'trx', 'txn',
  'tx', 'ref', 'st', 'br', 'm/s', 'id', 'inc', 'cr', 'dt', 'vs', 'etc', 'e.g', 'i.e', 'msg', 'sr', 'jr', 'engr', 'prof', 'muhammad',
  'ft', 'int', 'govt', 'dept', 'tel', 'ph', 'mob', 'a/c#', 'info',
]);
/** `.`, `!`, `?`, `;` and `|`, by character code. */
const ENDS = new Set([46, 33, 63, 59, 124]);
const SPACE = 32;

function endsSentence(text: string, index: number): boolean {
  if (text.charCodeAt(index) !== 46) return true;
  let wordStart = index;
  while (wordStart > 0 && text.charCodeAt(wordStart - 1) !== SPACE) wordStart -= 1;
  while (wordStart < index && '("\'['.includes(text.charAt(wordStart))) wordStart += 1;
  const word = text.slice(wordStart, index).toLowerCase();
  return word.length > 1 ? !ABBREVIATIONS.has(word) : !/[a-z]/.test(word);
}

/** The sentences of a single-line message: split at full stops (not after abbreviations or inside numbers), `!`, `?`, `;` and `|`. */
export function splitSentences(text: string): Span[] {
  const sentences: Span[] = [];
  let start = 0;
  for (let index = 0; index < text.length; index += 1) {
    if (!ENDS.has(text.charCodeAt(index)) || (index + 1 < text.length && text.charCodeAt(index + 1) !== SPACE)) continue;
    if (!endsSentence(text, index)) continue;
    const end = index + 1;
    if (end > start) sentences.push([start, end]);
    start = end + 1;
  }
  if (start < text.length) sentences.push([start, text.length]);
  return sentences;
}

/** The index of the last span starting at or before `index`, in spans sorted by start; -1 when none does. */
export function lastStartingBy(spans: readonly Span[], index: number): number {
  let low = 0;
  let high = spans.length - 1;
  let found = -1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    if ((spans[middle]?.[0] ?? Infinity) <= index) {
      found = middle;
      low = middle + 1;
    } else high = middle - 1;
  }
  return found;
}

/** Sorted, non-overlapping ranges of a text, asked which one holds a position. */
export class Ranges {
  constructor(readonly spans: readonly Span[]) {}

  /** The range holding `index`, if one does. */
  at(index: number): Span | undefined {
    const span = this.spans[lastStartingBy(this.spans, index)];
    return span !== undefined && index < span[1] ? span : undefined;
  }

  holds(index: number): boolean {
    return this.at(index) !== undefined;
  }

  /** Non-overlapping ranges covering the same positions as `spans`. */
  static merged(spans: readonly Span[]): Ranges {
    const sorted = [...spans].sort((a, b) => a[0] - b[0]);
    const merged: [number, number][] = [];
    for (const [start, end] of sorted) {
      const last = merged[merged.length - 1];
      if (last !== undefined && start <= last[1]) last[1] = Math.max(last[1], end);
      else merged.push([start, end]);
    }
    return new Ranges(merged);
  }
}

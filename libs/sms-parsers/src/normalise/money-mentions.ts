import { MoneyReading, readMoney } from './money';
import { Span } from './text';

/** One amount of PKR written in a message: where it stands, what it reads as, and how it is marked as money. */
export interface MoneyMention {
  /** The written number, with its `/-` suffix if any. */
  readonly span: Span;
  /** The number with its currency marker. */
  readonly extent: Span;
  readonly reading: MoneyReading;
  /** Written with a dash after its marker (`PKR-4,500.00`): a separator before an amount, maybe a minus before a balance. */
  readonly dashed?: true;
}

const NUMBER = String.raw`\d(?:[\d,.]{0,24}\d)?`;
const SUFFIX = String.raw`(?:\/-|\/=)`;
const MARKER = String.raw`(?:Rs|PKR|Rupees|Rupay|Rupaye|روپے|روپیہ|روپئے)`;
const WORD_CHARACTER = /[\p{L}\p{N}]/u;
const MARKERS = new RegExp(MARKER, 'giu');
const DIGIT_RUNS = /\d+/g;
/** `Rs 500`, `Rs.500`, `PKR: 1,25,000.00/-`, `PKR-4,500.00`: the common form, read first (from a marker that starts a word). */
const MARKED_BEFORE = new RegExp(String.raw`${MARKER}[.:]?(?<dash>-)? ?(?<number>${NUMBER}${SUFFIX}?)(?![\p{L}\p{N}])`, 'iuy');
/** `5,000.00 PKR`, `500روپے`, `1,499/-`: read where no marker-first mention stands (from a number that starts a word). */
const MARKED_AFTER = new RegExp(String.raw`(?<number>${NUMBER}${SUFFIX}?) ?${MARKER}(?![\p{L}\p{N}])|(?<suffixed>${NUMBER}${SUFFIX})`, 'iuy');
/** A number glued to any of these is part of something else: a word, a masked account, a date. */
const INSIDE_A_NUMBER = /[\p{L}\p{N}*#/,.-]/u;

function mention(match: RegExpExecArray, number: string): MoneyMention {
  const start = match.index + match[0].indexOf(number);
  const found = { span: [start, start + number.length] as const, extent: [match.index, match.index + match[0].length] as const, reading: readMoney(number) };
  return match.groups?.dash === undefined ? found : { ...found, dashed: true };
}

function stickyAt(pattern: RegExp, text: string, index: number): RegExpExecArray | null {
  pattern.lastIndex = index;
  return pattern.exec(text);
}

/** Every amount marked as rupees in normalised text, in order. */
export function findMoney(text: string): MoneyMention[] {
  const before: MoneyMention[] = [];
  for (const marker of text.matchAll(MARKERS)) {
    // `charAt(-1)` is empty: a marker at the start stands alone.
    if (WORD_CHARACTER.test(text.charAt(marker.index - 1))) continue;
    const match = stickyAt(MARKED_BEFORE, text, marker.index);
    if (match !== null) before.push(mention(match, match.groups?.number ?? ''));
  }
  const after: MoneyMention[] = [];
  let covered: Int32Array | null = null;
  for (const run of text.matchAll(DIGIT_RUNS)) {
    if (INSIDE_A_NUMBER.test(text.charAt(run.index - 1))) continue;
    const match = stickyAt(MARKED_AFTER, text, run.index);
    if (match === null) continue;
    const candidate = mention(match, match.groups?.number ?? match.groups?.suffixed ?? '');
    const [start, end] = candidate.extent;
    covered ??= coveredCounts(text.length, before);
    if (covered[end] === covered[start]) after.push(candidate);
  }
  return [...before, ...after].sort((a, b) => a.span[0] - b.span[0]);
}

/**
 * How many characters before each position the marker-first mentions cover: a mention overlaps one of them when the
 * count grows across it. One pass, so a text of a thousand mentions costs no thousand-by-thousand comparison.
 */
function coveredCounts(length: number, mentions: readonly MoneyMention[]): Int32Array {
  const starts = new Int32Array(length + 1);
  for (const { extent } of mentions) {
    starts[extent[0]] += 1;
    starts[extent[1]] -= 1;
  }
  const counts = new Int32Array(length + 1);
  for (let index = 0, depth = 0; index < length; index += 1) {
    depth += starts[index];
    counts[index + 1] = counts[index] + (depth > 0 ? 1 : 0);
  }
  return counts;
}

const NON_ASCII = /[^\x00-\x7F]/;
const EXTENDED_DIGIT = /[\u0660-\u0669\u06F0-\u06F9]/g;
const UNICODE_PUNCTUATION = /[\u066B\u066C\u060C\u061B\u06D4\u2018\u2019\u201A\u201B\u201C\u201D\u2010-\u2015\u2212]/g;
const INVISIBLE = /[\u00AD\u200B-\u200F\u202A-\u202E\u2060-\u2069\uFEFF]/g;
const WHITESPACE = /\s/;
/** Whitespace that is not already one plain space: most bodies have none, and then nothing is replaced. */
const WHITESPACE_RUN = /[^\S ]\s*| \s+/g;
/** A base character with the combining marks that follow it: NFKC composes within it, never across. */
const CLUSTER = /\P{M}\p{M}*|\p{M}+/gsu;

const PUNCTUATION_EQUIVALENT: Readonly<Record<string, string>> = {
  '\u066B': '.',
  '\u066C': ',',
  '\u060C': ',',
  '\u061B': ';',
  '\u06D4': '.',
  '\u2018': "'",
  '\u2019': "'",
  '\u201A': "'",
  '\u201B': "'",
  '\u201C': '"',
  '\u201D': '"',
};

function asciiDigit(digit: string): string {
  const code = digit.charCodeAt(0);
  return String.fromCharCode(48 + (code >= 0x06f0 ? code - 0x06f0 : code - 0x0660));
}

/** Maps Urdu (Extended Arabic-Indic) and Arabic-Indic digits to ASCII digits. */
export function toAsciiDigits(text: string): string {
  return text.replace(EXTENDED_DIGIT, asciiDigit);
}

/** Compatibility-folds non-ASCII text (NBSP, full-width forms, Urdu digits, Unicode punctuation, invisible marks). */
export function foldUnicode(text: string): string {
  if (!NON_ASCII.test(text)) return text;
  return toAsciiDigits(text.normalize('NFKC'))
    .replace(INVISIBLE, '')
    .replace(UNICODE_PUNCTUATION, (mark) => PUNCTUATION_EQUIVALENT[mark] ?? '-');
}

/** A half-open range of UTF-16 code units. */
export type Span = readonly [start: number, end: number];

/** Where each character of a normalised text came from: the UTF-16 range of the raw body that became it. */
interface Origins {
  readonly starts: readonly number[];
  readonly ends: readonly number[];
}

class Builder implements Origins {
  text = '';
  readonly starts: number[] = [];
  readonly ends: number[] = [];
  private spacePending = false;

  add(folded: string, start: number, end: number): void {
    for (const char of folded) {
      if (WHITESPACE.test(char)) {
        this.spacePending = this.text.length > 0;
        continue;
      }
      if (this.spacePending) this.push(' ', start, start);
      this.spacePending = false;
      this.push(char, start, end);
    }
  }

  private push(char: string, start: number, end: number): void {
    this.text += char;
    for (let unit = 0; unit < char.length; unit += 1) {
      this.starts.push(start);
      this.ends.push(end);
    }
  }
}

const FOLDED_CHARACTER = new Map<string, string>([
  ...Object.entries(PUNCTUATION_EQUIVALENT),
  ...Array.from('\u00A0\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200A\u202F\u205F\u3000', (space) => [space, ' '] as const),
  ...Array.from('\u2010\u2011\u2012\u2013\u2014\u2015\u2212', (dash) => [dash, '-'] as const),
  ...Array.from('\u00AD\u200B\u200C\u200D\u200E\u200F\u202A\u202B\u202C\u202D\u202E\u2060\u2061\u2062\u2063\u2064\u2065\u2066\u2067\u2068\u2069\uFEFF', (mark) => [mark, ''] as const),
  ...Array.from({ length: 10 }, (_, digit) => [String.fromCharCode(0x0660 + digit), String(digit)] as const),
  ...Array.from({ length: 10 }, (_, digit) => [String.fromCharCode(0x06f0 + digit), String(digit)] as const),
]);

const FOLDABLE = new RegExp(`[${[...FOLDED_CHARACTER.keys()].join('')}]`, 'g');

function foldCharacters(raw: string): string {
  return raw.replace(FOLDABLE, (char) => FOLDED_CHARACTER.get(char) ?? char);
}

/** The single-line form built cluster by cluster, each character remembering its origin: for text NFKC changes. */
function fold(raw: string): Builder {
  const builder = new Builder();
  for (const cluster of raw.matchAll(CLUSTER)) builder.add(foldUnicode(cluster[0]), cluster.index, cluster.index + cluster[0].length);
  return builder;
}

/** How a body became its single-line form: character by character, or cluster by cluster where NFKC changes it. */
type FoldKind = 'by_character' | 'by_cluster';

/** The single-line form, and how it was folded. */
function normalise(raw: string): { readonly text: string; readonly foldKind: FoldKind } {
  if (!NON_ASCII.test(raw)) return { text: raw.replace(WHITESPACE_RUN, ' ').trim(), foldKind: 'by_character' };
  // The same text `fold` builds, without the origins.
  const folded = foldCharacters(raw);
  return folded.normalize('NFKC') === folded
    ? { text: folded.replace(WHITESPACE_RUN, ' ').trim(), foldKind: 'by_character' }
    : { text: fold(raw).text, foldKind: 'by_cluster' };
}

/** The single-line form every reading works on: folded Unicode, one space between words. */
export function normalizeText(raw: string): string {
  return normalise(raw).text;
}

/**
 * Where characters `first` and `last` (first ≤ last) of the single-line form stand in a body that folds character by
 * character: runs of whitespace are one space, invisible marks are dropped. One pass for both ends of a span.
 */
function simpleOrigins(raw: string, first: number, last: number): Span {
  let emitted = 0;
  let spacePending = false;
  let firstAt = raw.length;
  for (let position = 0; position < raw.length; position += 1) {
    const code = raw.charCodeAt(position);
    const folded = code < 128 ? undefined : FOLDED_CHARACTER.get(raw.charAt(position));
    if (folded === '') continue;
    if (code === 32 || (code >= 9 && code <= 13) || folded === ' ' || (code >= 128 && folded === undefined && WHITESPACE.test(raw.charAt(position)))) {
      spacePending = emitted > 0;
      continue;
    }
    if (spacePending) {
      if (emitted === first) firstAt = position;
      if (emitted === last) return [firstAt, position];
      emitted += 1;
      spacePending = false;
    }
    if (emitted === first) firstAt = position;
    if (emitted === last) return [firstAt, position];
    emitted += 1;
  }
  return [firstAt, raw.length];
}

/** A message in its single-line form, able to say where a range of it stands in the body as forwarded. */
export class NormalisedText {
  readonly text: string;
  private readonly foldKind: FoldKind;
  private origins?: Origins;

  constructor(readonly raw: string) {
    ({ text: this.text, foldKind: this.foldKind } = normalise(raw));
  }

  /** The range of the raw body that became `span` of the text (computed on first use: only readings need it). */
  rawSpan([start, end]: Span): Span {
    if (this.raw === this.text) return [start, end];
    if (this.foldKind === 'by_character') {
      const [first, last] = simpleOrigins(this.raw, start, end - 1);
      return [first, last + 1];
    }
    this.origins ??= fold(this.raw);
    return [this.origins.starts[start] ?? 0, this.origins.ends[end - 1] ?? 0];
  }
}

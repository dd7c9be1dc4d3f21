import { Span } from '../normalise/text';

/** How many characters after a phrase its lookaheads may read. */
const CONTEXT = 8;
/** How many phrase texts a book remembers the kinds of: the lexicon's own, and a bounded share of free-text ones. */
const KNOWN_PHRASES = 4096;
const WORD_END = String.raw`(?![\p{L}\p{N}])`;
const WORD_CHARACTER = /[\p{L}\p{N}]/u;

function alternation(list: readonly string[]): string {
  return [...list]
    .map((phrase) => phrase.normalize('NFKC'))
    .sort((a, b) => b.length - a.length)
    .join('|');
}

function isWordCharacter(text: string, index: number): boolean {
  const code = text.charCodeAt(index);
  if (code < 128) return (code >= 48 && code <= 57) || ((code | 32) >= 97 && (code | 32) <= 122);
  return WORD_CHARACTER.test(text.charAt(index));
}

let lastText = '';
let lastStarts: readonly number[] = [];

/** Where the words of a text begin: phrases are tried there only, not at every character. */
function wordStarts(text: string): readonly number[] {
  if (text === lastText) return lastStarts;
  const starts: number[] = [];
  let inWord = false;
  for (let index = 0; index < text.length; index += 1) {
    const word = isWordCharacter(text, index);
    if (word && !inWord) starts.push(index);
    inWord = word;
  }
  lastText = text;
  lastStarts = starts;
  return starts;
}

/** The characters a phrase of the dialect can begin with (lowercase), or `undefined` when that is not known. */
export function firstCharacters(phrase: string): ReadonlySet<string> | undefined {
  const found = new Set<string>();
  const first = (source: string): boolean | undefined => {
    // Answers whether everything read so far may be empty (so the next element may begin the phrase too).
    let index = 0;
    while (index < source.length) {
      const char = source.charAt(index);
      let element: { chars?: readonly string[]; nullable: boolean; end: number };
      if (char === '(') {
        const close = closingParenthesis(source, index);
        const inner = source.slice(index + 3, close);
        if (source.startsWith('(?:', index)) {
          const empties = splitAlternatives(inner).map(first);
          if (empties.includes(undefined)) return undefined;
          element = { nullable: empties.some(Boolean), end: close + 1 };
        } else element = { nullable: true, end: close + 1 };
      } else if (char === '[') return undefined;
      else if (char === '\\') {
        const escaped = source.charAt(index + 1);
        element = { chars: escaped === 'd' ? [...'0123456789'] : [escaped.toLowerCase()], nullable: false, end: index + 2 };
      } else element = { chars: [char.toLowerCase()], nullable: false, end: index + 1 };
      const quantifier = /^(?:\?|\*|\{0,\d*\})/.exec(source.slice(element.end));
      for (const value of element.chars ?? []) found.add(value);
      index = element.end + (quantifier?.[0].length ?? /^(?:\+|\{\d+,?\d*\})/.exec(source.slice(element.end))?.[0].length ?? 0);
      if (!element.nullable && quantifier === null) return false;
    }
    return true;
  };
  return first(phrase.normalize('NFKC')) === undefined ? undefined : found;
}

function closingParenthesis(source: string, open: number): number {
  let depth = 0;
  for (let index = open; index < source.length; index += 1) {
    const char = source.charAt(index);
    if (char === '\\') index += 1;
    else if (char === '(') depth += 1;
    else if (char === ')' && --depth === 0) return index;
  }
  return source.length;
}

function splitAlternatives(source: string): string[] {
  const alternatives: string[] = [];
  let depth = 0;
  let start = 0;
  for (let index = 0; index < source.length; index += 1) {
    const char = source.charAt(index);
    if (char === '\\') index += 1;
    else if (char === '(') depth += 1;
    else if (char === ')') depth -= 1;
    else if (char === '|' && depth === 0) {
      alternatives.push(source.slice(start, index));
      start = index + 1;
    }
  }
  alternatives.push(source.slice(start));
  return alternatives;
}

/**
 * A word list read over normalised text: whole words, longest alternative first, case ignored, optionally followed by
 * more pattern (`after`, with named groups). Tried only where a word begins, and there only with the phrases that can
 * begin with that word's first character; never twice over the same words.
 */
export class Phrases {
  private readonly byFirst = new Map<string, RegExp | null>();
  private readonly byAsciiFirst: (RegExp | null | undefined)[] = new Array<RegExp | null | undefined>(128);
  private readonly phrases: readonly { readonly phrase: string; readonly first: ReadonlySet<string> | undefined }[];

  constructor(
    list: readonly string[],
    private readonly after = '',
  ) {
    this.phrases = list.map((phrase) => ({ phrase, first: firstCharacters(phrase) }));
  }

  private startingWith(char: string): RegExp | null {
    let pattern = this.byFirst.get(char);
    if (pattern === undefined) {
      const list = this.phrases.filter(({ first }) => first === undefined || first.has(char)).map(({ phrase }) => phrase);
      pattern = list.length === 0 ? null : new RegExp(`(?:${alternation(list)})${WORD_END}${this.after}`, 'iuy');
      this.byFirst.set(char, pattern);
    }
    return pattern;
  }

  /** Every match, in order, none overlapping the one before it. */
  matches(text: string): RegExpExecArray[] {
    const found: RegExpExecArray[] = [];
    let from = 0;
    for (const start of wordStarts(text)) {
      if (start < from) continue;
      const match = this.at(text, start);
      if (match === null) continue;
      found.push(match);
      from = start + Math.max(match[0].length, 1);
    }
    return found;
  }

  /** The match starting exactly at `index`, if any. */
  at(text: string, index: number): RegExpExecArray | null {
    const code = text.charCodeAt(index);
    let pattern: RegExp | null | undefined;
    if (code < 128) {
      const lower = code >= 65 && code <= 90 ? code | 32 : code;
      pattern = this.byAsciiFirst[lower];
      if (pattern === undefined) pattern = this.byAsciiFirst[lower] = this.startingWith(String.fromCharCode(lower));
    } else pattern = this.startingWith(text.charAt(index).toLowerCase());
    if (pattern === null) return null;
    pattern.lastIndex = index;
    return pattern.exec(text);
  }
}

export interface PhraseHit<Kind extends string> {
  /** The first kind whose list holds the phrase. */
  readonly kind: Kind;
  /** Every kind whose list holds it ("JS Bank" names JS Bank and Zindigi). */
  readonly kinds: readonly Kind[];
  readonly text: string;
  readonly span: Span;
}

/**
 * Phrases of several kinds, read in one pass: where phrases overlap, the longer one is read ("sent you" before
 * "sent"), and a hit's kind is the first kind whose list holds it.
 */
export class PhraseBook<Kind extends string> {
  private readonly any: Phrases;
  private readonly kinds: readonly (readonly [Kind, Phrases])[];
  /** Kinds of the phrases read so far, by their text (and the few characters a lookahead may read after them). */
  private readonly known = new Map<string, readonly Kind[]>();
  private readonly readsAhead: boolean;

  constructor(entries: readonly (readonly [Kind, readonly string[]])[]) {
    this.any = new Phrases(entries.flatMap(([, list]) => list));
    this.kinds = entries.map(([kind, list]) => [kind, new Phrases(list)] as const);
    this.readsAhead = entries.some(([, list]) => list.some((phrase) => /\(\?[=!]/.test(phrase)));
  }

  private kindsAt(text: string, index: number, length: number): readonly Kind[] {
    const key = text.slice(index, index + length + (this.readsAhead ? CONTEXT : 0)).toLowerCase();
    let kinds = this.known.get(key);
    if (kinds === undefined) {
      kinds = this.kinds.filter(([, phrases]) => phrases.at(text, index)?.[0].length === length).map(([kind]) => kind);
      if (this.known.size >= KNOWN_PHRASES) this.known.clear();
      this.known.set(key, kinds);
    }
    return kinds;
  }

  scan(text: string): PhraseHit<Kind>[] {
    const hits: PhraseHit<Kind>[] = [];
    for (const match of this.any.matches(text)) {
      const length = match[0].length;
      const kinds = this.kindsAt(text, match.index, length);
      const [kind] = kinds;
      if (kind !== undefined) hits.push({ kind, kinds, text: match[0], span: [match.index, match.index + length] });
    }
    return hits;
  }
}

import { Span } from '../normalise/text';

/** How many characters after a phrase its lookaheads may read. */
const CONTEXT = 8;
/** How many phrase texts a book remembers the kinds of: the lexicon's own, and a bounded share of free-text ones. */
const KNOWN_PHRASES = 4096;
const WORD_CHARACTER = /[\p{L}\p{N}]/u;
/** A phrase that surely begins with an ASCII letter or digit: not one made optional or repeated. */
const ASCII_START = /^(?:[a-z0-9](?![?*{])|\\d)/i;

function alternation(list: readonly string[]): string {
  return [...list].sort((a, b) => b.length - a.length).join('|');
}

// The tree of first characters only makes the search faster: it reads exactly what the flat alternation reads, which
// phrases.unit.spec.ts checks over generated phrase lists and texts and over every corpus message and lexicon list.
/** The literal letter, digit or space a phrase surely begins with, lowercase, or null. */
function literalStart(phrase: string): string | null {
  const first = phrase.charAt(0).toLowerCase();
  if (!/^[a-z0-9 ]$/.test(first) || /^[?*+{]/.test(phrase.charAt(1)) || splitAlternatives(phrase).length > 1) return null;
  return first;
}

/** A phrase in an alternation, and its place there: the length of the phrase it was spelt out of (longest first). */
interface Alternative {
  readonly source: string;
  readonly rank: number;
}

/**
 * The same alternation as a tree of the phrases' first characters ("r(?:e(?:ceived|ce))"): a regular expression
 * engine tries the alternatives one by one at every position, so a few hundred phrases cost a few hundred tries
 * where a tree costs a few. It reads what the flat alternation, longest first, reads: phrases that begin with
 * different characters never match at the same place, so only a phrase that may begin with any character (a choice,
 * "(?:ed)? to your") keeps its place among the others, and the groups are split around it.
 */
function alternationTree(list: readonly Alternative[]): string {
  const pieces: string[] = [];
  let run: Alternative[] = [];
  const endRun = (): void => {
    if (run.length > 0) pieces.push(...groupsByFirstCharacter(run));
    run = [];
  };
  for (const alternative of [...list].sort((a, b) => b.rank - a.rank)) {
    if (literalStart(alternative.source) === null) {
      endRun();
      pieces.push(alternative.source);
    } else run.push(alternative);
  }
  endRun();
  return pieces.join('|');
}

/** Phrases that each begin with a literal character, in their order, as one branch per first character. */
function groupsByFirstCharacter(run: readonly Alternative[]): string[] {
  const byFirst = new Map<string, Alternative[]>();
  for (const { source, rank } of run) {
    const first = source.charAt(0).toLowerCase();
    byFirst.set(first, [...(byFirst.get(first) ?? []), { source: source.slice(1), rank }]);
  }
  return [...byFirst].map(([first, rests]) => (rests.length === 1 ? `${first}${rests[0]?.source}` : `${first}(?:${alternationTree(rests)})`));
}

/**
 * Each phrase as the alternatives a tree can share: one per spelling of a leading choice ("(?:was|is) not" as "was
 * not", "is not", in the order the choice tries them), each in the place of the phrase it was spelt out of.
 */
function spelt(list: readonly string[]): Alternative[] {
  return list.flatMap((phrase) => spellOutLeadingChoice(phrase).map((source) => ({ source, rank: phrase.length })));
}

/** How many spellings a phrase that begins with a choice may be spelt out into. */
const MAX_SPELT_OUT = 256;

/**
 * A phrase that begins with a choice ("(?:was|is) not", "(?:the )?beneficiary"), spelt out into one phrase per
 * choice ("was not", "is not"), so that each can join a tree; the phrase itself when it begins otherwise.
 */
function spellOutLeadingChoice(phrase: string): string[] {
  if (!phrase.startsWith('(?:') || splitAlternatives(phrase).length > 1) return [phrase];
  const close = closingParenthesis(phrase, 0);
  const optional = phrase.charAt(close + 1) === '?';
  const rest = phrase.slice(close + (optional ? 2 : 1));
  if (/^[?*+{]/.test(rest)) return [phrase];
  const choices = [...splitAlternatives(phrase.slice(3, close)), ...(optional ? [''] : [])];
  const spelt = choices.flatMap((choice) => spellOutLeadingChoice(choice + rest));
  return spelt.length <= MAX_SPELT_OUT && spelt.every((variant) => variant !== '') ? spelt : [phrase];
}

function isWordCharacter(text: string, index: number): boolean {
  const code = text.charCodeAt(index);
  if (code < 128) return (code >= 48 && code <= 57) || ((code | 32) >= 97 && (code | 32) <= 122);
  return WORD_CHARACTER.test(text.charAt(index));
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

/** The choices at the top level of a phrase or group body: "a|b(?:c|d)" is "a" and "b(?:c|d)". */
export function splitAlternatives(source: string): string[] {
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

/** Word boundaries as Unicode tells letters and digits, on both sides of `[start, end)`. */
function bounded(text: string, start: number, end: number): boolean {
  return (start === 0 || !isWordCharacter(text, start - 1)) && (end === text.length || !isWordCharacter(text, end));
}

/**
 * A word list read over normalised text: whole words, longest alternative first, case ignored. The list is read by
 * one search over the whole text (ASCII word boundaries in the pattern, Unicode ones checked after). Matches never
 * overlap.
 */
export class Phrases {
  private readonly search: RegExp;
  private readonly searchAt: RegExp;

  constructor(list: readonly string[]) {
    // Phrases that surely begin with an ASCII letter or digit share one group, longest first, behind an ASCII word
    // boundary; the others (Urdu, a symbol, a choice too wide to spell out) are read without it.
    const startsAscii = (phrase: string): boolean => spellOutLeadingChoice(phrase).every((spelling) => ASCII_START.test(spelling));
    const normalised = list.map((phrase) => phrase.normalize('NFKC'));
    const others = normalised.filter((phrase) => !startsAscii(phrase));
    const ascii = normalised.filter(startsAscii);
    const pattern = (tree: string): string => `\\b(?:${tree})(?![A-Za-z0-9])${others.length > 0 ? `|(?:${alternation(others)})` : ''}`;
    const source = pattern(alternationTree(spelt(ascii)));
    this.search = new RegExp(source, 'gi');
    this.searchAt = new RegExp(source, 'iy');
  }

  /** Every match, in order, none overlapping the one before it. */
  matches(text: string): RegExpExecArray[] {
    return this.searchAll(this.search, text, false);
  }

  /** Whether any phrase stands anywhere in the text (stops at the first). */
  occursIn(text: string): boolean {
    return this.searchAll(this.search, text, true).length > 0;
  }

  /** The match starting exactly at `index` (where a word begins), if any. */
  at(text: string, index: number): RegExpExecArray | null {
    this.searchAt.lastIndex = index;
    const match = this.searchAt.exec(text);
    return match !== null && bounded(text, index, index + match[0].length) ? match : null;
  }

  private searchAll(search: RegExp, text: string, first: boolean): RegExpExecArray[] {
    const found: RegExpExecArray[] = [];
    search.lastIndex = 0;
    for (let match = search.exec(text); match !== null; match = search.exec(text)) {
      // An empty match is no phrase, and would hold the search where it stands (a phrase that may read nothing, as
      // an operator's "(?:x)?" or an empty line, must not stop the parser).
      if (match[0] === '' || !bounded(text, match.index, match.index + match[0].length)) {
        search.lastIndex = match.index + 1;
        continue;
      }
      found.push(match);
      if (first) break;
    }
    return found;
  }
}

export interface PhraseHit<Kind extends string | number> {
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
export class PhraseBook<Kind extends string | number> {
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

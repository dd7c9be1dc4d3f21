import { ACCOUNT_LABELS } from '../lexicon/labels';
import { Phrases } from '../lexicon/phrases';
import { Span } from '../normalise/text';
import { lastStartingBy } from './sentences';

/** An account number or wallet number written after an account word, and whose side of the payment it is. */
export interface AccountMention {
  readonly value: string;
  readonly span: Span;
  readonly side: 'receiver' | 'payer';
}

const ACCOUNT_NUMBER = String.raw`(?<value>PK[\dA-Z*]{2,32}|(?:\+?92|0)3[\d*xX-]{7,11}\d|[*xX#.\d][\d*xX#.-]{0,30}\d)`;
const ACCOUNT_WORDS = new Phrases(ACCOUNT_LABELS);
const NUMBER_AFTER_WORD = new RegExp(String.raw`(?: ?\(?(?:no\.?|number|#|:|\.|-|ending(?: with| in)?)){0,3} ?\(?${ACCOUNT_NUMBER}(?![\p{L}\p{N}*])`, 'iuy');
/** The nearest of these before an account says whose it is. */
const PAYER_CUES: readonly string[] = ['from', 'frm', 'by', 'sender', 'remitter', 'payer', 'source'];
const RECEIVER_CUES: readonly string[] = ['in', 'into', 'to', 'your', 'credited', 'beneficiary', 'receiver'];
const SIDE_CUE = new Phrases([...PAYER_CUES, ...RECEIVER_CUES]);

interface Cue {
  readonly span: Span;
  readonly payer: boolean;
}

/** The side the nearest cue before `start` in its sentence gives an account; receiver when there is none. */
function sideOf(cues: readonly Cue[], cueSpans: readonly Span[], start: number, sentenceStart: number): AccountMention['side'] {
  const nearest = cues[lastStartingBy(cueSpans, start - 1)];
  return nearest !== undefined && nearest.span[0] >= sentenceStart && nearest.payer ? 'payer' : 'receiver';
}

/** "0001XXX4521-Current Account": a masked account number written before the account word. */
const ACCOUNT_WORD = /(?<=[- ])(?:current |savings? |basic )?(?:account|a\/c)(?![\p{L}\p{N}])/giu;
/** The number right before an account word ("0001XXX4521-Current Account"). */
const NUMBER_BEFORE = /(?<![\p{L}\p{N}*])(?<value>[\d*xX]{4,34})[- ]$/u;
const MASKED_NUMBER = /^\d.*[*xX].*\d$|^[*xX]+\d+$/;

/** Every account written next to an account word, with the side its nearest preposition gives it. */
export function findAccounts(text: string, sentenceStart: (index: number) => number): AccountMention[] {
  const cues = SIDE_CUE.matches(text).map((cue) => ({ span: [cue.index, cue.index + cue[0].length] as const, payer: PAYER_CUES.includes(cue[0].toLowerCase()) }));
  const cueSpans = cues.map((cue) => cue.span);
  const after = ACCOUNT_WORDS.matches(text).flatMap((word) => {
    NUMBER_AFTER_WORD.lastIndex = word.index + word[0].length;
    const value = NUMBER_AFTER_WORD.exec(text)?.groups?.value;
    return value === undefined ? [] : [{ value, start: NUMBER_AFTER_WORD.lastIndex - value.length }];
  });
  const before = [...text.matchAll(ACCOUNT_WORD)].flatMap((word) => {
    const value = NUMBER_BEFORE.exec(text.slice(Math.max(0, word.index - 40), word.index))?.groups?.value;
    return value !== undefined && MASKED_NUMBER.test(value) ? [{ value, start: word.index - 1 - value.length }] : [];
  });
  return [...after, ...before]
    .map(({ value, start }) => ({ value, span: [start, start + value.length] as const, side: sideOf(cues, cueSpans, start, sentenceStart(start)) }))
    .sort((a, b) => a.span[0] - b.span[0]);
}

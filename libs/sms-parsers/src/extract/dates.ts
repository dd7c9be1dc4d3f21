import { Span } from '../normalise/text';

/** A month's name or its usual abbreviation, and no other word ("10 MARKAZ" is a market, not the tenth of March). */
const MONTH = String.raw`(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)`;
/** Day-month-year with a separator, a named month, or ISO; never a bare run of digits. */
const DATE = new RegExp(
  [
    String.raw`\d{4}-\d{1,2}-\d{1,2}`,
    String.raw`\d{1,2} ?[-/.] ?(?:\d{1,2}|${MONTH}) ?[-/.] ?(?:\d{4}|\d{2})`,
    String.raw`\d{1,2} ?[- ] ?${MONTH}(?: ?[- ] ?(?:\d{4}|\d{2}))?`,
    // "May 29, 2026" (UBL's e-mail alerts write "on Friday May 29, 2026").
    String.raw`${MONTH} \d{1,2},? \d{4}`,
  ]
    .map((form) => `(?<![\\p{L}\\p{N}.,/-])${form}(?![\\p{L}\\p{N}]|[.,/-]\\d)`)
    .join('|'),
  'giu',
);
const TIME = /(?<![\p{L}\p{N}:.])\d{1,2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?: ?[AP]M)?(?![\p{L}\p{N}]|:\d)/giu;
/** How far apart a date and its time may stand ("on 12/03/2026 at 14:05", "at 14:22:05 12 Mar 2026"). */
const REACH = 24;

export interface DateMention {
  readonly date: string;
  readonly time?: string;
}

function outside(span: Span, taken: readonly Span[]): boolean {
  return !taken.some(([start, end]) => span[0] < end && start < span[1]);
}

/** The first date written in the message, with the time written next to it; numbers already read as money are skipped. */
export function findDate(text: string, money: readonly Span[]): DateMention | undefined {
  const date = Array.from(text.matchAll(DATE)).find((match) => outside([match.index, match.index + match[0].length], money));
  if (date === undefined) return undefined;
  const [start, end] = [date.index, date.index + date[0].length];
  const time = Array.from(text.matchAll(TIME)).find((match) => match.index >= start - REACH && match.index <= end + REACH);
  return time === undefined ? { date: date[0] } : { date: date[0], time: time[0] };
}

const MONTHS: Readonly<Record<string, number>> = {
  JAN: 1, FEB: 2, MAR: 3, APR: 4, MAY: 5, JUN: 6, JUL: 7, AUG: 8, SEP: 9, SEPT: 9, OCT: 10, NOV: 11, DEC: 12,
};
const DAY_MONTH_YEAR = /^(\d{1,2}) ?[-/. ] ?(\d{1,2}|[A-Z]{3,9}) ?(?:[-/. ] ?(\d{4}|\d{2}))?$/i;
const YEAR_MONTH_DAY = /^(\d{4})-(\d{1,2})-(\d{1,2})$/;
const MONTH_DAY_YEAR = /^([A-Z]{3,9}) (\d{1,2}),? (\d{4})$/i;
const PAKISTAN_OFFSET_MS = 5 * 60 * 60 * 1000;
const CLOCK = /^(\d{1,2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)? ?([AP]M)?$/i;

export type OccurredAt = { readonly kind: 'stated'; readonly value: string } | { readonly kind: 'absent' } | { readonly kind: 'invalid' };

const ABSENT: OccurredAt = { kind: 'absent' };
const INVALID: OccurredAt = { kind: 'invalid' };

interface CalendarDate {
  readonly year: number;
  readonly month: number;
  readonly day: number;
}

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

const pad = (value: number, width = 2): string => String(value).padStart(width, '0');

const isLeapYear = (year: number): boolean => year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);

/** Whether the Gregorian calendar has this day ("31-02" and "29-02-2025" it has not). */
function isRealDate({ year, month, day }: CalendarDate): boolean {
  const days = month === 2 && isLeapYear(year) ? 29 : DAYS_IN_MONTH[month - 1];
  return days !== undefined && day >= 1 && day <= days;
}

function monthNumber(written: string): number | undefined {
  if (/^\d+$/.test(written)) return Number(written);
  const upper = written.toUpperCase();
  return MONTHS[upper] ?? MONTHS[upper.slice(0, 3)];
}

function yearOf(written: string, receivedAt: Date | undefined): number | undefined {
  if (written !== '') return written.length === 2 ? 2000 + Number(written) : Number(written);
  return receivedAt && new Date(receivedAt.getTime() + PAKISTAN_OFFSET_MS).getUTCFullYear();
}

function readDate(written: string, receivedAt: Date | undefined): CalendarDate | 'year_unknown' | undefined {
  const iso = YEAR_MONTH_DAY.exec(written);
  const monthFirst = iso ? null : MONTH_DAY_YEAR.exec(written);
  const parts = iso ? [iso[3], iso[2], iso[1]] : monthFirst ? [monthFirst[2], monthFirst[1], monthFirst[3]] : DAY_MONTH_YEAR.exec(written)?.slice(1, 4);
  if (parts === undefined) return undefined;
  const [day = '', month = '', year = ''] = parts;
  const fullYear = yearOf(year, receivedAt);
  if (fullYear === undefined) return 'year_unknown';
  const calendar = { day: Number(day), month: monthNumber(month) ?? 0, year: fullYear };
  return isRealDate(calendar) && calendar.year >= 2000 ? calendar : undefined;
}

function readClock(written: string): string | undefined {
  const clock = CLOCK.exec(written);
  if (clock === null) return undefined;
  const [, hourText, minute, second = '00', meridiem] = clock;
  let hour = Number(hourText);
  if (meridiem !== undefined) {
    if (hour < 1 || hour > 12) return undefined;
    hour = (hour % 12) + (meridiem.toUpperCase() === 'PM' ? 12 : 0);
  }
  if (hour > 23 || Number(minute) > 59 || Number(second) > 59) return undefined;
  return `${pad(hour)}:${minute}:${second}`;
}

function toDate(receivedAt: string | Date | undefined): Date | undefined {
  if (receivedAt === undefined) return undefined;
  const date = receivedAt instanceof Date ? receivedAt : new Date(receivedAt);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/** When the message says the money moved, in Pakistan time (UTC+05:00); a year-less date takes its year from receivedAt. */
export function readOccurredAt(
  dateText: string | undefined,
  timeText: string | undefined,
  receivedAt: string | Date | undefined,
): OccurredAt {
  if (dateText === undefined) return ABSENT;
  const date = readDate(dateText, toDate(receivedAt));
  if (date === 'year_unknown') return ABSENT;
  if (date === undefined) return INVALID;
  const day = `${pad(date.year, 4)}-${pad(date.month)}-${pad(date.day)}`;
  if (timeText === undefined) return { kind: 'stated', value: day };
  const clock = readClock(timeText);
  return clock === undefined ? INVALID : { kind: 'stated', value: `${day}T${clock}+05:00` };
}

import fc from 'fast-check';
import { DEFAULT_SILENCE_LIMITS, hourOfWeek, usualQuietMs } from './rhythm';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const WEEK = 7 * DAY;
/** Monday 2026-11-23 00:00 in Pakistan. */
const MONDAY = Date.parse('2026-11-22T19:00:00Z');
/** As the forwarder watch judges: quiet for longer than usual after the last word. */
const isSilent = (history: readonly number[], lastHeard: number, now: number) => now - lastHeard > usualQuietMs(history, lastHeard);
const every = (step: number, from: number, until: number) => Array.from({ length: Math.floor((until - from) / step) + 1 }, (_, i) => from + i * step);

describe('hourOfWeek', () => {
  it('counts Pakistan hours, the same each week', () => {
    expect(hourOfWeek(MONDAY + 9 * HOUR)).toBe(hourOfWeek(MONDAY + WEEK + 9 * HOUR));
    expect(hourOfWeek(MONDAY + 9 * HOUR)).not.toBe(hourOfWeek(MONDAY + DAY + 9 * HOUR));
    expect(hourOfWeek(MONDAY + 30 * MINUTE)).toBe(hourOfWeek(MONDAY));
  });

  it('counts from Thursday midnight in Pakistan (the epoch was a Thursday), not in UTC', () => {
    expect(hourOfWeek(Date.parse('2026-11-26T00:00:00+05:00'))).toBe(0);
    expect(hourOfWeek(Date.parse('2026-11-26T00:00:00Z'))).toBe(5);
    expect(hourOfWeek(Date.parse('2026-11-25T23:59:59+05:00'))).toBe(167);
  });

  it('gives 168 hours a week, each once', () => {
    expect(new Set(every(HOUR, MONDAY, MONDAY + WEEK - HOUR).map(hourOfWeek)).size).toBe(168);
  });
});

describe('usualQuietMs', () => {
  const fourWeeks = (step: number) => every(step, MONDAY - 4 * WEEK, MONDAY);

  it('does not flag a phone that usually sends once a day after an hour, and does after two days', () => {
    const daily = fourWeeks(DAY);
    const last = daily.at(-1) ?? 0;
    expect(isSilent(daily, last, last + HOUR)).toBe(false);
    expect(isSilent(daily, last, last + 2 * DAY)).toBe(true);
  });

  it('flags a phone that pings every 15 minutes once it has been quiet past the floor', () => {
    const busy = fourWeeks(15 * MINUTE);
    const last = busy.at(-1) ?? 0;
    expect(usualQuietMs(busy, last)).toBe(DEFAULT_SILENCE_LIMITS.floorMs);
    expect(isSilent(busy, last, last + 20 * MINUTE)).toBe(false);
    expect(isSilent(busy, last, last + 31 * MINUTE)).toBe(true);
  });

  it("learns the quiet of each hour of the week: a shop's night is long, its day short", () => {
    // Every 10 minutes from 09:00 to 21:00, every day for four weeks; quiet at night.
    const shop = fourWeeks(DAY).flatMap((day) => every(10 * MINUTE, day + 9 * HOUR, day + 21 * HOUR));
    expect(usualQuietMs(shop, MONDAY - DAY + 21 * HOUR)).toBe(DEFAULT_SILENCE_LIMITS.ceilingMs);
    expect(usualQuietMs(shop, MONDAY - DAY + 14 * HOUR)).toBe(DEFAULT_SILENCE_LIMITS.floorMs);
    expect(isSilent(shop, MONDAY - DAY + 14 * HOUR, MONDAY - DAY + 15 * HOUR)).toBe(true);
    expect(isSilent(shop, MONDAY - DAY + 21 * HOUR, MONDAY - DAY + 23 * HOUR)).toBe(false);
  });

  it('falls back to the longest quiet of all when none began at that hour of the week', () => {
    // Ten words on Monday mornings, 09:00 to 09:45, then one at noon: nothing ever began at 15:00.
    const history = [...every(5 * MINUTE, MONDAY + 9 * HOUR, MONDAY + 9 * HOUR + 45 * MINUTE), MONDAY + 12 * HOUR];
    const quietest = MONDAY + 12 * HOUR - (MONDAY + 9 * HOUR + 45 * MINUTE);
    expect(usualQuietMs(history, MONDAY + 15 * HOUR)).toBe(quietest);
  });

  it('learns from eight gaps, not from seven', () => {
    const hourly = (words: number) => every(HOUR, MONDAY, MONDAY + (words - 1) * HOUR);
    const limits = { floorMs: MINUTE, ceilingMs: DAY, newMs: 3 * HOUR };
    expect(usualQuietMs(hourly(8), MONDAY, limits)).toBe(3 * HOUR);
    expect(usualQuietMs(hourly(9), MONDAY, limits)).toBe(HOUR);
  });

  it('waits `newMs` for a phone with too short a history', () => {
    expect(usualQuietMs([MONDAY], MONDAY)).toBe(DEFAULT_SILENCE_LIMITS.newMs);
    expect(usualQuietMs([], MONDAY, { floorMs: MINUTE, ceilingMs: HOUR, newMs: 3 * HOUR })).toBe(HOUR);
  });

  it('stays within the floor and the ceiling, and never shrinks when the history gains a quiet at least as long', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 2 * DAY }), { minLength: 9, maxLength: 60 }), fc.integer({ min: 1, max: 3 * DAY }), (gaps, extra) => {
        const history = gaps.reduce<number[]>((times, gap) => [...times, (times.at(-1) ?? MONDAY) + gap], [MONDAY]);
        const last = history.at(-1) ?? MONDAY;
        const usual = usualQuietMs(history, last);
        expect(usual).toBeGreaterThanOrEqual(DEFAULT_SILENCE_LIMITS.floorMs);
        expect(usual).toBeLessThanOrEqual(DEFAULT_SILENCE_LIMITS.ceilingMs);
        // The same history with one more quiet after the last SMS, at least as long as the usual one: it does not shrink.
        expect(usualQuietMs([...history, last + usual + extra], last)).toBeGreaterThanOrEqual(usual);
      }),
    );
  });
});

const HOUR_MS = 3_600_000;
const HOURS_IN_A_WEEK = 168;
/** Pakistan keeps UTC+5 all year: an hour of the week is the merchant's own. */
const KARACHI_OFFSET_MS = 5 * HOUR_MS;

/** Bounds of a forwarder's usual quiet: never flagged sooner than `floorMs`, always by `ceilingMs`; `newMs` until it has a history. */
export interface SilenceLimits {
  readonly floorMs: number;
  readonly ceilingMs: number;
  readonly newMs: number;
}

export const DEFAULT_SILENCE_LIMITS: SilenceLimits = { floorMs: 30 * 60_000, ceilingMs: 6 * HOUR_MS, newMs: 2 * HOUR_MS };

/** Gaps a history needs before its own rhythm counts rather than `newMs`. */
const FEWEST_GAPS = 8;

/** 0 … 167: the hour of the week, in Pakistan time (the same each week, whichever day the count starts on). */
export function hourOfWeek(epochMs: number): number {
  return Math.floor((epochMs + KARACHI_OFFSET_MS) / HOUR_MS) % HOURS_IN_A_WEEK;
}

/**
 * How long this forwarder usually stays quiet after speaking at the hour of the week of `since`: the longest quiet
 * that began at that hour in its history (SMS and heartbeats, ascending epoch ms), else its longest quiet at all;
 * `newMs` for a forwarder with too short a history; always within the floor and the ceiling. A phone that sends
 * once a day has a usual quiet of about a day (up to the ceiling); one that pings every 15 minutes, the floor.
 */
export function usualQuietMs(history: readonly number[], since: number, limits: SilenceLimits = DEFAULT_SILENCE_LIMITS): number {
  const clamp = (ms: number) => Math.min(limits.ceilingMs, Math.max(limits.floorMs, ms));
  if (history.length <= FEWEST_GAPS) return clamp(limits.newMs);
  const hour = hourOfWeek(since);
  let longest = 0;
  let longestAtHour = 0;
  for (let i = 1; i < history.length; i++) {
    const gap = history[i] - history[i - 1];
    longest = Math.max(longest, gap);
    if (hourOfWeek(history[i - 1]) === hour) longestAtHour = Math.max(longestAtHour, gap);
  }
  return clamp(longestAtHour > 0 ? longestAtHour : longest);
}

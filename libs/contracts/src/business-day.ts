/**
 * Pakistan Standard Time, UTC+5 all year (no daylight saving since 2009): the day a Pakistani
 * merchant means by "today", used to group payments by the day they were registered.
 */
export const BUSINESS_TIME_ZONE = 'Asia/Karachi';
const BUSINESS_UTC_OFFSET_MS = 5 * 3_600_000;

/** `YYYY-MM-DD` of the instant in Asia/Karachi. */
export function businessDay(instant: Date): string {
  return new Date(instant.getTime() + BUSINESS_UTC_OFFSET_MS).toISOString().slice(0, 10);
}

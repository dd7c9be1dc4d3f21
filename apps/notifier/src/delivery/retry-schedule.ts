/** Immediately, then 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h: eight attempts over about 27 h. */
export const DEFAULT_RETRY_SCHEDULE_SECONDS: readonly number[] = [0, 5, 300, 1800, 7200, 18000, 36000, 36000];

const JITTER = 0.2;
const MAX_RETRY_AFTER_SECONDS = 24 * 3600;

/**
 * When to try again after `failedAttempts` failures, or null when the schedule is spent (the
 * delivery is dead). Each delay gets ±20 % jitter so retries of many deliveries spread out; a
 * receiver's Retry-After pushes the next attempt later, up to a day, never earlier.
 */
export function nextAttemptAt(
  schedule: readonly number[],
  failedAttempts: number,
  now: Date,
  retryAfterSeconds: number | null,
  random: () => number = Math.random,
): Date | null {
  if (failedAttempts >= schedule.length) return null;
  const scheduled = schedule[failedAttempts] * (1 + (random() * 2 - 1) * JITTER);
  const delaySeconds = Math.max(scheduled, Math.min(retryAfterSeconds ?? 0, MAX_RETRY_AFTER_SECONDS));
  return new Date(now.getTime() + delaySeconds * 1000);
}

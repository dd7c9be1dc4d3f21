import { DEFAULT_RETRY_SCHEDULE_SECONDS, nextAttemptAt } from './retry-schedule';

const now = new Date('2026-11-26T00:00:00Z');
const delaySeconds = (at: Date | null) => (at ? (at.getTime() - now.getTime()) / 1000 : null);

describe('nextAttemptAt', () => {
  it('follows the schedule: 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h, then dead', () => {
    const middle = () => 0.5; // no jitter
    const delays = [1, 2, 3, 4, 5, 6, 7, 8].map((failed) => delaySeconds(nextAttemptAt(DEFAULT_RETRY_SCHEDULE_SECONDS, failed, now, null, middle)));
    expect(delays).toEqual([5, 300, 1800, 7200, 18000, 36000, 36000, null]);
  });

  it('spreads retries by at most 20 % either way', () => {
    expect(delaySeconds(nextAttemptAt([0, 100], 1, now, null, () => 0))).toBe(80);
    expect(delaySeconds(nextAttemptAt([0, 100], 1, now, null, () => 0.999999))).toBeCloseTo(120, 1);
  });

  it("waits at least as long as the receiver's Retry-After, up to a day", () => {
    expect(delaySeconds(nextAttemptAt([0, 5], 1, now, 600, () => 0.5))).toBe(600);
    expect(delaySeconds(nextAttemptAt([0, 5], 1, now, 2, () => 0.5))).toBe(5);
    expect(delaySeconds(nextAttemptAt([0, 5], 1, now, 10 * 86_400, () => 0.5))).toBe(86_400);
  });
});

import { setTimeout as sleep } from 'node:timers/promises';
import { FailedAttempts, FailurePolicy } from '../failed-attempts.port';

/** What every FailedAttempts adapter must do; `fresh` gives an adapter and a key prefix no other test used. */
export function failedAttemptsContract(fresh: () => Promise<{ attempts: FailedAttempts; key: (name: string) => string }>): void {
  const policy: FailurePolicy = { limit: 3, windowMs: 60_000, blockMs: 400 };

  it('blocks a key on its third failure of a window, for the block time, and no other key', async () => {
    const { attempts, key } = await fresh();
    await attempts.record([key('a'), key('b')], policy);
    await attempts.record([key('a')], policy);
    expect(await attempts.blockedFor([key('a')])).toBe(0);
    await attempts.record([key('a')], policy);
    const blocked = await attempts.blockedFor([key('a'), key('b')]);
    expect(blocked).toBeGreaterThan(300);
    expect(blocked).toBeLessThanOrEqual(400);
    expect(await attempts.blockedFor([key('b'), key('c')])).toBe(0);
    await sleep(450);
    expect(await attempts.blockedFor([key('a')])).toBe(0);
  });

  it('forgets failures once their window is over', async () => {
    const { attempts, key } = await fresh();
    const shortWindow = { ...policy, windowMs: 200 };
    await attempts.record([key('a')], shortWindow);
    await attempts.record([key('a')], shortWindow);
    await sleep(250);
    await attempts.record([key('a')], shortWindow);
    expect(await attempts.blockedFor([key('a')])).toBe(0);
  });

  it('starts counting afresh after a block', async () => {
    const { attempts, key } = await fresh();
    for (let failure = 0; failure < 3; failure++) await attempts.record([key('a')], policy);
    await sleep(450);
    await attempts.record([key('a')], policy);
    expect(await attempts.blockedFor([key('a')])).toBe(0);
  });
}

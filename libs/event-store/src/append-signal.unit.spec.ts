import { AppendSignal } from './append-signal';

const elapsed = async (wait: Promise<void>) => {
  const started = Date.now();
  await wait;
  return Date.now() - started;
};

describe('AppendSignal', () => {
  it('wakes a waiter at the next append', async () => {
    const signal = new AppendSignal(true);
    const waiting = elapsed(signal.waitForAppend(5_000));
    signal.notify();
    expect(await waiting).toBeLessThan(1_000);
  });

  it('does not lose an append signalled between counting and waiting', async () => {
    const signal = new AppendSignal(true);
    const seen = signal.appendsSignalled();
    signal.notify(); // e.g. while the reader handled its batch
    expect(await elapsed(signal.waitForAppend(5_000, seen))).toBeLessThan(50);
    // Without the count the same append is missed until the timeout: the case the count is for.
    expect(await elapsed(signal.waitForAppend(300))).toBeGreaterThanOrEqual(290);
  });
});

import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { AppendSignal } from './append-signal';
import { CatchUpSubscription } from './catch-up-subscription';
import { RecordedEvent } from './event-store.port';

setFlagsFromString('--expose-gc');
const collectGarbage: () => void = runInNewContext('gc');

/** A reader of an empty log that counts its reads; each read ends one turn of the loop. */
function emptyLog() {
  const log = { reads: 0, readAll: async (): Promise<RecordedEvent[]> => (log.reads++, []) };
  return log;
}

const heapUsedMb = () => {
  collectGarbage();
  return process.memoryUsage().heapUsed / 1_048_576;
};

describe('CatchUpSubscription', () => {
  it('ends a wait for appends at once when stopped', async () => {
    const subscription = new CatchUpSubscription(emptyLog(), new AppendSignal(true), { loadCheckpoint: async () => null, handle: async () => undefined, pollIntervalMs: 60_000 });
    await subscription.start();
    await new Promise((resolve) => setTimeout(resolve, 20));
    const asked = Date.now();
    await subscription.stop();
    expect(Date.now() - asked).toBeLessThan(1_000);
  });

  // A loop that raced each wait against one promise settled on stop kept a reaction per turn on it: the
  // memory of a long-running reader grew without end (an hour's soak of the embedded service showed it).
  it('keeps no memory per turn of its loop while it follows the log', async () => {
    const log = emptyLog();
    const signals = new AppendSignal(true);
    const subscription = new CatchUpSubscription(log, signals, { loadCheckpoint: async () => null, handle: async () => undefined, minBatchIntervalMs: 0 });
    const turns = async (count: number) => {
      const until = log.reads + count;
      while (log.reads < until) {
        signals.notify();
        await new Promise((resolve) => setImmediate(resolve));
      }
    };
    await subscription.start();
    await turns(2_000);
    const before = heapUsedMb();
    await turns(200_000);
    const grown = heapUsedMb() - before;
    await subscription.stop();
    expect(grown).toBeLessThan(4);
  }, 60_000);
});

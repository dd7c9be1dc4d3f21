import { randomUUID } from 'node:crypto';
import {
  ANY_VERSION,
  CatchUpSubscription,
  EventStore,
  ExpectedVersion,
  ExpectedVersionConflictError,
  NO_STREAM,
  NewEvent,
  RecordedEvent,
  STREAM_EXISTS,
} from '../index';
import { AppendSignal, NO_APPEND_SIGNALS } from '../append-signal';

export interface EventStoreUnderTest {
  readonly store: EventStore;
  readonly dispose: () => Promise<void>;
}

const metadata = { tenantId: 'tenant-1', correlationId: 'corr-1', causationId: 'cause-1' };


function event(type = 'Thing', data: unknown = { n: 1 }): NewEvent {
  return { id: randomUUID(), type, data, metadata };
}

/** One behaviour for every adapter: each adapter's spec runs this against its real backend. */
export function eventStoreContract(adapter: string, open: () => Promise<EventStoreUnderTest>): void {
  describe(`EventStore contract: ${adapter}`, () => {
    let underTest: EventStoreUnderTest;
    let store: EventStore;
    let stream: string;

    beforeAll(async () => {
      underTest = await open();
      store = underTest.store;
    });

    afterAll(() => underTest.dispose());

    beforeEach(() => {
      stream = `thing-${randomUUID()}`;
    });

    it('records every field of an appended event', async () => {
      const appended = { id: randomUUID(), type: 'ThingHappened', data: { text: 'Rs 1,499/- مل گئے', nested: { b: [1, 2.5, null], a: true } }, metadata };
      const result = await store.append(stream, [appended], NO_STREAM);

      const [recorded] = await store.readStream(stream);
      expect(recorded).toMatchObject({
        id: appended.id,
        streamName: stream,
        streamVersion: 1,
        type: 'ThingHappened',
        data: appended.data,
        metadata,
        checkpoint: result.checkpoint,
      });
      expect(JSON.stringify(recorded.data)).toBe(JSON.stringify(appended.data));
      expect(recorded.position).toBeGreaterThan(0);
      expect(recorded.recordedAt).toBeInstanceOf(Date);
      expect(Math.abs(recorded.recordedAt.getTime() - Date.now())).toBeLessThan(60_000);
      expect(result.nextExpectedVersion).toBe(1);
    });

    it('numbers a batch consecutively and returns the next expected version', async () => {
      await store.append(stream, [event(), event()], NO_STREAM);
      const result = await store.append(stream, [event(), event(), event()], 2);

      const recorded = await store.readStream(stream);
      expect(recorded.map((e) => e.streamVersion)).toEqual([1, 2, 3, 4, 5]);
      expect(result.nextExpectedVersion).toBe(5);
      const positions = recorded.map((e) => e.position);
      expect([...positions].sort((a, b) => a - b)).toEqual(positions);
      expect(new Set(positions).size).toBe(5);
    });

    it('refuses "no stream" when the stream exists, with a typed conflict', async () => {
      await store.append(stream, [event()], NO_STREAM);
      const failure = store.append(stream, [event()], NO_STREAM);
      await expect(failure).rejects.toBeInstanceOf(ExpectedVersionConflictError);
      await expect(failure).rejects.toMatchObject({ streamName: stream, expected: NO_STREAM, actual: 1 });
      expect(await store.readStream(stream)).toHaveLength(1);
    });

    it('refuses a wrong expected version and writes nothing', async () => {
      await store.append(stream, [event(), event()], NO_STREAM);
      await expect(store.append(stream, [event()], 1)).rejects.toMatchObject({ actual: 2, expected: 1 });
      await expect(store.append(stream, [event()], 3)).rejects.toBeInstanceOf(ExpectedVersionConflictError);
      expect(await store.readStream(stream)).toHaveLength(2);
    });

    it('treats expected version 0 as "no stream"', async () => {
      await store.append(stream, [event()], 0);
      await expect(store.append(stream, [event()], 0)).rejects.toBeInstanceOf(ExpectedVersionConflictError);
    });

    it('needs an existing stream for "stream exists" and accepts anything with "any"', async () => {
      await expect(store.append(stream, [event()], STREAM_EXISTS)).rejects.toMatchObject({ actual: 0 });
      await store.append(stream, [event()], ANY_VERSION);
      await store.append(stream, [event()], ANY_VERSION);
      const result = await store.append(stream, [event()], STREAM_EXISTS);
      expect(result.nextExpectedVersion).toBe(3);
    });

    it('lets exactly one of several racing writers with the same expected version win', async () => {
      await store.append(stream, [event()], NO_STREAM);
      const outcomes = await Promise.allSettled(Array.from({ length: 5 }, () => store.append(stream, [event()], 1)));
      expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
      for (const o of outcomes.filter((o) => o.status === 'rejected')) {
        expect((o as PromiseRejectedResult).reason).toBeInstanceOf(ExpectedVersionConflictError);
      }
      expect(await store.readStream(stream)).toHaveLength(2);
    });

    it('refuses an event id that was already recorded', async () => {
      const once = event();
      await store.append(stream, [once], NO_STREAM);
      await expect(store.append(`thing-${randomUUID()}`, [once], NO_STREAM)).rejects.toBeInstanceOf(
        ExpectedVersionConflictError,
      );
    });

    it('refuses an append of no events, and records nothing', async () => {
      await expect(store.append(stream, [], NO_STREAM)).rejects.toThrow('append needs at least one event');
      expect(await store.readStream(stream)).toEqual([]);
    });

    it('appends to several streams in one transaction, each at its expected version', async () => {
      const other = `thing-${randomUUID()}`;
      await store.append(stream, [event('A')], NO_STREAM);
      const results = await store.appendAtomically([
        { streamName: stream, events: [event('B'), event('C')], expected: 1 },
        { streamName: other, events: [event('D')], expected: NO_STREAM },
      ]);

      expect(results.map((result) => result.nextExpectedVersion)).toEqual([3, 1]);
      expect((await store.readStream(stream)).map((e) => [e.type, e.streamVersion])).toEqual([['A', 1], ['B', 2], ['C', 3]]);
      const [recorded] = await store.readStream(other);
      expect(recorded).toMatchObject({ type: 'D', streamVersion: 1, metadata });
      expect(results[1].checkpoint).toBe(recorded.checkpoint);
      expect(await store.appendAtomically([])).toEqual([]);
    });

    it('appends to none of the streams when one expectation fails, and names that stream in its conflict', async () => {
      const fresh = `thing-${randomUUID()}`;
      await store.append(stream, [event()], NO_STREAM);
      const failure = store.appendAtomically([
        { streamName: fresh, events: [event()], expected: NO_STREAM },
        { streamName: stream, events: [event()], expected: NO_STREAM },
      ]);

      await expect(failure).rejects.toBeInstanceOf(ExpectedVersionConflictError);
      await expect(failure).rejects.toMatchObject({ streamName: stream, actual: 1 });
      expect(await store.readStream(fresh)).toEqual([]);
      expect(await store.readStream(stream)).toHaveLength(1);
      await expect(store.appendAtomically([{ streamName: fresh, events: [], expected: NO_STREAM }])).rejects.toThrow('append needs at least one event');
    });

    it('lets one of two racing multi-stream appends over a shared stream win, the other writing nothing', async () => {
      const [first, second] = [`thing-${randomUUID()}`, `thing-${randomUUID()}`];
      await store.append(stream, [event()], NO_STREAM);
      const outcomes = await Promise.allSettled(
        [first, second].map((own) =>
          store.appendAtomically([
            { streamName: own, events: [event()], expected: NO_STREAM },
            { streamName: stream, events: [event()], expected: 1 },
          ]),
        ),
      );

      expect(outcomes.map((o) => o.status).sort()).toEqual(['fulfilled', 'rejected']);
      const lengths = await Promise.all([first, second].map(async (own) => (await store.readStream(own)).length));
      expect(lengths.sort()).toEqual([0, 1]);
      expect(await store.readStream(stream)).toHaveLength(2);
    });

    it('reads a stream after a version, and an unknown stream as empty', async () => {
      await store.append(stream, [event('A'), event('B'), event('C')], NO_STREAM);
      expect((await store.readStream(stream, 1)).map((e) => e.type)).toEqual(['B', 'C']);
      expect(await store.readStream(`thing-${randomUUID()}`)).toEqual([]);
    });

    it('reads several streams at once, each in version order, an unknown one as empty', async () => {
      const other = `thing-${randomUUID()}`;
      const unknown = `thing-${randomUUID()}`;
      await store.append(stream, [event('A'), event('B')], NO_STREAM);
      await store.append(other, [event('C')], NO_STREAM);
      await store.append(stream, [event('D')], 2);
      const read = await store.readStreams([other, stream, unknown]);
      expect([...read.keys()].sort()).toEqual([other, stream, unknown].sort());
      expect(read.get(stream)?.map((e) => [e.type, e.streamVersion])).toEqual([['A', 1], ['B', 2], ['D', 3]]);
      expect(read.get(other)?.map((e) => e.type)).toEqual(['C']);
      expect(read.get(unknown)).toEqual([]);
      expect(await store.readStreams([])).toEqual(new Map());
    });

    it('reads all events after a checkpoint, filtered by category or type, in pages', async () => {
      const start = await lastCheckpoint(store);
      const other = `other-${randomUUID()}`;
      await store.append(stream, [event('A'), event('B')], NO_STREAM);
      await store.append(other, [event('A')], NO_STREAM);
      await store.append(stream, [event('C')], 2);

      const all = await readEverything(store, start);
      expect(all.map((e) => `${e.streamName}:${e.type}`)).toEqual([`${stream}:A`, `${stream}:B`, `${other}:A`, `${stream}:C`]);
      const checkpoints = all.map((e) => e.checkpoint);
      expect([...checkpoints].sort()).toEqual(checkpoints);

      const things = await store.readAll({ after: start, filter: { categories: ['thing'] } });
      expect(things.map((e) => e.type)).toEqual(['A', 'B', 'C']);
      const typeA = await store.readAll({ after: start, filter: { types: ['A'] } });
      expect(typeA.map((e) => e.streamName)).toEqual([stream, other]);
      const page = await store.readAll({ after: all[1].checkpoint, limit: 1 });
      expect(page.map((e) => e.id)).toEqual([all[2].id]);
    });

    it('counts the backlog after a checkpoint, filtered, with the time of its oldest event', async () => {
      const start = await lastCheckpoint(store);
      await store.append(stream, [event('A'), event('B')], NO_STREAM);
      await store.append(`other-${randomUUID()}`, [event('A')], NO_STREAM);
      const [first, second] = await store.readStream(stream);

      expect(await store.backlog({ after: start, filter: { categories: ['thing'] } })).toEqual({ events: 2, oldestRecordedAt: first.recordedAt });
      expect(await store.backlog({ after: start, filter: { types: ['A'] } })).toMatchObject({ events: 2 });
      expect(await store.backlog({ after: first.checkpoint, filter: { categories: ['thing'] } })).toEqual({ events: 1, oldestRecordedAt: second.recordedAt });
      expect(await store.backlog({ after: second.checkpoint, filter: { categories: ['thing'] } })).toEqual({ events: 0, oldestRecordedAt: null });
      expect((await store.backlog({ filter: { categories: ['thing'] } })).events).toBeGreaterThanOrEqual(2);
    });

    it('follows the log live from a checkpoint and reports when a position is reached', async () => {
      const start = await lastCheckpoint(store);
      const seen: RecordedEvent[] = [];
      const subscription = new CatchUpSubscription(store, NO_APPEND_SIGNALS, {
        loadCheckpoint: async () => start,
        handle: async (events) => {
          seen.push(...events);
        },
        filter: { categories: ['thing'] },
        pollIntervalMs: 20,
      });
      await store.append(stream, [event('Before')], NO_STREAM);
      await subscription.start();
      try {
        const { checkpoint } = await store.append(stream, [event('After')], 1);
        await store.append(`other-${randomUUID()}`, [event('Elsewhere')], NO_STREAM);
        expect(await subscription.waitFor(checkpoint, 5_000)).toBe(true);
        expect(seen.map((e) => e.type)).toEqual(['Before', 'After']);
        expect(subscription.checkpoint).toBe(checkpoint);
      } finally {
        await subscription.stop();
      }
    });

    it('reads at once after a quiet spell, and gathers what is appended while it is busy into one batch', async () => {
      const start = await lastCheckpoint(store);
      const batches: string[][] = [];
      // The process's signal, notified after each append as the infrastructure's is.
      const signals = new AppendSignal(true);
      const appendAndSignal = async (expected: ExpectedVersion, type: string) => {
        const appended = await store.append(stream, [event(type)], expected);
        signals.notify();
        return appended;
      };
      const subscription = new CatchUpSubscription(store, signals, {
        loadCheckpoint: async () => start,
        handle: async (events) => {
          batches.push(events.map((e) => e.type));
        },
        filter: { categories: ['thing'] },
        pollIntervalMs: 10_000,
        minBatchIntervalMs: 2_000,
      });
      await subscription.start();
      try {
        await new Promise((resolve) => setTimeout(resolve, 2_100));
        const quiet = await appendAndSignal(NO_STREAM, 'Quiet');
        // Waiting for a tick would take up to 2 s, at random: half the time more than this.
        expect(await subscription.waitFor(quiet.checkpoint, 1_000)).toBe(true);

        await appendAndSignal(1, 'A');
        await appendAndSignal(2, 'B');
        const { checkpoint } = await appendAndSignal(3, 'C');
        expect(await subscription.waitFor(checkpoint, 5_000)).toBe(true);
        expect(batches[0]).toEqual(['Quiet']);
        expect(batches.flat()).toEqual(['Quiet', 'A', 'B', 'C']);
        expect(batches.length).toBeLessThan(4);
      } finally {
        await subscription.stop();
      }
    });

    it('stops at once, without waiting out its poll interval', async () => {
      const subscription = new CatchUpSubscription(store, NO_APPEND_SIGNALS, {
        loadCheckpoint: async () => lastCheckpoint(store),
        handle: async () => undefined,
        pollIntervalMs: 60_000,
      });
      await subscription.start();
      await new Promise((resolve) => setTimeout(resolve, 100));
      const stopped = subscription.stop().then(() => 'stopped');
      const late = new Promise((resolve) => setTimeout(() => resolve('still waiting'), 5_000));
      expect(await Promise.race([stopped, late])).toBe('stopped');
    });

    it('retries a batch whose handler failed, without skipping it', async () => {
      const start = await lastCheckpoint(store);
      await store.append(stream, [event('A'), event('B')], NO_STREAM);
      let failures = 1;
      const seen: string[] = [];
      const subscription = new CatchUpSubscription(store, NO_APPEND_SIGNALS, {
        loadCheckpoint: async () => start,
        handle: async (events) => {
          if (failures-- > 0) throw new Error('handler down');
          seen.push(...events.map((e) => e.type));
        },
        filter: { categories: ['thing'] },
      });
      await expect(subscription.catchUp()).rejects.toThrow('handler down');
      await subscription.catchUp();
      expect(seen).toEqual(['A', 'B']);
    });
  });
}

async function readEverything(store: EventStore, after: string | null): Promise<RecordedEvent[]> {
  const events: RecordedEvent[] = [];
  for (;;) {
    const page = await store.readAll({ after: events.at(-1)?.checkpoint ?? after, limit: 2 });
    events.push(...page);
    if (page.length < 2) return events;
  }
}

async function lastCheckpoint(store: EventStore): Promise<string | null> {
  let after: string | null = null;
  for (;;) {
    const page = await store.readAll({ after, limit: 1000 });
    if (page.length === 0) return after;
    after = page[page.length - 1].checkpoint;
  }
}

import { Event, eventGuard } from '@pvs/contracts';
import { Decider, accept, refuse } from '@pvs/domain';
import { PgliteClient } from '@pvs/sql/pglite';
import { ANY_VERSION, EventStore, ExpectedVersionConflictError, NO_STREAM, NewEvent, STREAM_EXISTS } from '../event-store.port';
import { PostgresEventStore } from '../postgres/postgres-event-store';
import { handleCommand } from './handle-command';
import { UnitOfWork } from './unit-of-work';

type Added = Event<'Added', { readonly amount: number }>;

/** A counter that may not pass 10. */
const counter: Decider<number, number, Added> = {
  initialState: 0,
  isEvent: eventGuard<Added>({ Added: true }),
  evolve: (total, event) => total + event.data.amount,
  decide: (amount, total) => (total + amount > 10 ? refuse('conflict', 'limit reached') : accept({ type: 'Added', data: { amount } })),
};

const metadata = { correlationId: 'unit-of-work' };
const added = (amount: number): NewEvent => ({ type: 'Added', data: { amount }, metadata });
const amounts = async (store: EventStore, stream: string) => (await store.readStream(stream)).map((e) => [e.streamVersion, (e.data as { amount: number }).amount]);

describe('UnitOfWork on the PostgreSQL store', () => {
  let sql: PgliteClient;
  let store: PostgresEventStore;
  let counted: EventStore & { readsOfStreams: number; commits: number };
  let n = 0;
  const streamName = () => `counter-${++n}-${Date.now()}`;

  beforeAll(async () => {
    sql = await PgliteClient.open();
    store = new PostgresEventStore(sql);
    await store.migrate();
    counted = Object.assign(Object.create(store) as PostgresEventStore, {
      readsOfStreams: 0,
      commits: 0,
      readStreams(names: readonly string[]) {
        counted.readsOfStreams++;
        return store.readStreams(names);
      },
      appendAtomically(appends: Parameters<EventStore['appendAtomically']>[0]) {
        counted.commits++;
        return store.appendAtomically(appends);
      },
    });
  });
  afterAll(() => sql.close());
  beforeEach(() => Object.assign(counted, { readsOfStreams: 0, commits: 0 }));

  it('reads the streams ahead in one round trip and serves later reads from memory', async () => {
    const [a, b] = [streamName(), streamName()];
    await store.append(a, [added(1)], NO_STREAM);
    const unit = new UnitOfWork(counted);

    await unit.readAhead([a, b, a]);
    expect((await unit.readStream(a)).map((e) => e.streamVersion)).toEqual([1]);
    expect(await unit.readStream(b)).toEqual([]);
    await unit.readAhead([a, b]);
    expect(counted.readsOfStreams).toBe(1);
    await unit.readStream(streamName());
    expect(counted.readsOfStreams).toBe(2);
  });

  it('shows each staged append to the commands after it, and commits them all at the versions read', async () => {
    const [a, b] = [streamName(), streamName()];
    await store.append(a, [added(2)], NO_STREAM);
    const unit = new UnitOfWork(counted);

    const first = await handleCommand(unit, a, counter, 3, { metadata });
    const second = await handleCommand(unit, a, counter, 4, { metadata });
    const third = await handleCommand(unit, b, counter, 5, { metadata });
    const refused = await handleCommand(unit, a, counter, 2, { metadata });

    expect([first, second, third].map((result) => result.ok && [result.state, result.nextVersion, result.checkpoint])).toEqual([[5, 2, null], [9, 3, null], [5, 1, null]]);
    expect(refused).toMatchObject({ ok: false, state: 9 });
    expect(unit.stagedEvents).toBe(3);
    expect(await amounts(store, a)).toEqual([[1, 2]]);

    await unit.commit();
    expect(counted.commits).toBe(1);
    expect(await amounts(store, a)).toEqual([[1, 2], [2, 3], [3, 4]]);
    expect(await amounts(store, b)).toEqual([[1, 5]]);
    expect((await unit.readStream(a)).map((e) => e.streamVersion)).toEqual([1, 2, 3]);
  });

  it('judges expectations as the store does, on the stream as the unit sees it', async () => {
    const [a, b] = [streamName(), streamName()];
    await store.append(a, [added(1)], NO_STREAM);
    const unit = new UnitOfWork(store);

    await expect(unit.append(a, [added(1)], NO_STREAM)).rejects.toMatchObject({ streamName: a, expected: NO_STREAM, actual: 1 });
    await expect(unit.append(a, [added(1)], 2)).rejects.toBeInstanceOf(ExpectedVersionConflictError);
    await expect(unit.append(b, [added(1)], STREAM_EXISTS)).rejects.toBeInstanceOf(ExpectedVersionConflictError);
    await expect(unit.append(a, [], 1)).rejects.toThrow('append needs at least one event');
    expect(await unit.append(a, [added(1)], STREAM_EXISTS)).toEqual({ nextExpectedVersion: 2, checkpoint: null });
    expect(await unit.append(a, [added(1), added(1)], 2)).toEqual({ nextExpectedVersion: 4, checkpoint: null });
    expect(await unit.append(b, [added(1)], ANY_VERSION)).toEqual({ nextExpectedVersion: 1, checkpoint: null });
    expect(await unit.append(b, [added(1)], 1)).toEqual({ nextExpectedVersion: 2, checkpoint: null });
  });

  it('commits nothing when a stream it appends to moved after it was read, and names that stream', async () => {
    const [a, b] = [streamName(), streamName()];
    await store.append(a, [added(1)], NO_STREAM);
    const unit = new UnitOfWork(store);
    await handleCommand(unit, a, counter, 1, { metadata });
    await handleCommand(unit, b, counter, 1, { metadata });

    await store.append(a, [added(7)], 1);
    await expect(unit.commit()).rejects.toMatchObject({ streamName: a, actual: 2 });
    expect(await amounts(store, a)).toEqual([[1, 1], [2, 7]]);
    expect(await store.readStream(b)).toEqual([]);
  });

  it('is spent once committed: a second commit or a later append is refused', async () => {
    const unit = new UnitOfWork(store);
    await unit.append(streamName(), [added(1)], NO_STREAM);
    await unit.commit();

    await expect(unit.commit()).rejects.toThrow('committed already');
    await expect(unit.append(streamName(), [added(1)], NO_STREAM)).rejects.toThrow('start another');
  });

  it('commits a unit with nothing staged without reading', async () => {
    const unit = new UnitOfWork(counted);
    await unit.commit();
    expect(counted).toMatchObject({ readsOfStreams: 0, commits: 1 });
  });
});

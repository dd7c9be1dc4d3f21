import { Event, eventGuard } from '@pvs/contracts';
import { Decider, accept, refuse } from '@pvs/domain';
import { PgliteClient } from '@pvs/sql/pglite';
import { EventStore, NewEvent } from '../event-store.port';
import { PostgresEventStore } from '../postgres/postgres-event-store';
import { aggregateStream } from './aggregate-stream';
import { STREAM_CHANGED_MEANWHILE, handleCommand } from './handle-command';

type Added = Event<'Added', { readonly amount: number }>;
interface Add {
  readonly amount: number;
  readonly limit: number;
}

/** A counter that may not pass its limit: enough to see what the command path reads, decides and appends. */
const counter: Decider<Add, number, Added> & { decisions: number[] } = {
  decisions: [],
  initialState: 0,
  isEvent: eventGuard<Added>({ Added: true }),
  evolve: (total, event) => total + event.data.amount,
  decide(command, total) {
    counter.decisions.push(total);
    if (command.amount === 0) return accept();
    return total + command.amount > command.limit ? refuse('conflict', `limit ${command.limit} reached`) : accept({ type: 'Added', data: { amount: command.amount } });
  },
};

const metadata = { correlationId: 'request-1' };
const added = (amount: number): NewEvent => ({ type: 'Added', data: { amount }, metadata });

/** The store, with a writer that appends to the stream just before each of our appends, `times` times. */
function racedBy(store: EventStore, times: number): EventStore & { reads: number } {
  let races = times;
  const raced = Object.create(store) as EventStore & { reads: number };
  raced.reads = 0;
  raced.readStream = (...args) => {
    raced.reads++;
    return store.readStream(...args);
  };
  raced.append = async (stream, events, expected) => {
    if (races-- > 0) await store.append(stream, [added(1)], 'any');
    return store.append(stream, events, expected);
  };
  return raced;
}

describe('the command path (handleCommand, aggregateStream) on the PostgreSQL store', () => {
  let sql: PgliteClient;
  let store: PostgresEventStore;
  let stream: string;
  let streams = 0;

  beforeAll(async () => {
    sql = await PgliteClient.open();
    store = new PostgresEventStore(sql);
    await store.migrate();
  });
  afterAll(() => sql.close());
  beforeEach(() => {
    counter.decisions = [];
    stream = `counter-${++streams}`;
  });

  it('decides on the folded stream and appends what it decides, with the metadata given, at the version read', async () => {
    await store.append(stream, [added(2), added(3)], 'no_stream');
    const result = await handleCommand(store, stream, counter, { amount: 4, limit: 10 }, { metadata });
    expect(result).toMatchObject({ ok: true, state: 9, events: [{ type: 'Added', data: { amount: 4 } }], nextVersion: 3 });
    expect(counter.decisions).toEqual([5]);
    const events = await store.readStream(stream);
    expect(events.map((event) => [event.type, event.data, event.metadata])).toEqual([
      ['Added', { amount: 2 }, metadata],
      ['Added', { amount: 3 }, metadata],
      ['Added', { amount: 4 }, metadata],
    ]);
    expect(result.ok && result.checkpoint).toBe(events[2].checkpoint);
    expect(result.ok && result.read.map((event) => event.streamVersion)).toEqual([1, 2]);
  });

  it('appends to a new stream as a new stream', async () => {
    const result = await handleCommand(store, stream, counter, { amount: 1, limit: 10 }, { metadata });
    expect(result).toMatchObject({ ok: true, state: 1, nextVersion: 1 });
  });

  it('records nothing for a command that changes nothing, and answers with the stream as read', async () => {
    await store.append(stream, [added(2)], 'no_stream');
    const result = await handleCommand(store, stream, counter, { amount: 0, limit: 10 }, { metadata });
    const [only] = await store.readStream(stream);
    expect(result).toEqual({ ok: true, state: 2, events: [], nextVersion: 1, checkpoint: only.checkpoint, read: [only] });
  });

  it('answers a refusal with the state it was decided on, and records nothing', async () => {
    await store.append(stream, [added(8)], 'no_stream');
    const result = await handleCommand(store, stream, counter, { amount: 4, limit: 10 }, { metadata });
    expect(result).toEqual({ ok: false, refusal: { kind: 'conflict', message: 'limit 10 reached' }, state: 8 });
    expect(await store.readStream(stream)).toHaveLength(1);
  });

  it('decides again on the stream as it became when another writer appended meanwhile', async () => {
    await store.append(stream, [added(5)], 'no_stream');
    const result = await handleCommand(racedBy(store, 1), stream, counter, { amount: 4, limit: 10 }, { metadata });
    expect(counter.decisions).toEqual([5, 6]);
    expect(result).toMatchObject({ ok: true, state: 10, nextVersion: 3 });
  });

  it('refuses, on the stream as last read, a decision another writer keeps changing the stream under', async () => {
    await store.append(stream, [added(1)], 'no_stream');
    const result = await handleCommand(racedBy(store, 10), stream, counter, { amount: 1, limit: 100 }, { metadata, maxRetries: 2 });
    expect(counter.decisions).toEqual([1, 2, 3]);
    expect(result).toEqual({ ok: false, refusal: { kind: 'conflict', message: STREAM_CHANGED_MEANWHILE }, state: 3 });
  });

  it('a decision a writer changed the stream under is refused at once with no retries', async () => {
    const result = await handleCommand(racedBy(store, 1), stream, counter, { amount: 1, limit: 100 }, { metadata, maxRetries: 0 });
    expect(result).toMatchObject({ ok: false, refusal: { kind: 'conflict' } });
    expect(counter.decisions).toEqual([0]);
  });

  it('takes the first decision on the state the caller knows, without reading; a stale one is read again', async () => {
    const fresh = racedBy(store, 0);
    expect(await handleCommand(fresh, stream, counter, { amount: 3, limit: 10 }, { metadata, known: { state: 0, version: 0 } })).toMatchObject({ ok: true, state: 3, read: [] });
    expect(fresh.reads).toBe(0);
    const stale = racedBy(store, 0);
    expect(await handleCommand(stale, stream, counter, { amount: 3, limit: 10 }, { metadata, known: { state: 0, version: 0 } })).toMatchObject({ ok: true, state: 6 });
    expect(stale.reads).toBe(1);
    expect(counter.decisions).toEqual([0, 0, 3]);
  });

  it('makes the metadata from the state the decision was taken on', async () => {
    await store.append(stream, [added(7)], 'no_stream');
    await handleCommand(store, stream, counter, { amount: 1, limit: 10 }, { metadata: (total) => ({ correlationId: `at-${total}` }) });
    expect((await store.readStream(stream))[1].metadata).toEqual({ correlationId: 'at-7' });
  });

  it('folds only the events its aggregate declares, at the version of the last event of the stream', async () => {
    await store.append(stream, [added(2), { type: 'Noted', data: {}, metadata }, added(3)], 'no_stream');
    const folded = await aggregateStream(store, stream, counter);
    expect(folded.state).toBe(5);
    expect(folded.version).toBe(3);
    expect(folded.events.map((event) => event.streamVersion)).toEqual([1, 3]);
    expect(await aggregateStream(store, `${stream}-none`, counter)).toEqual({ state: 0, version: 0, events: [] });
  });
});

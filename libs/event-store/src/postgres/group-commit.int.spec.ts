import { randomUUID } from 'node:crypto';
import { SqlClient } from '@pvs/sql';
import { PgliteClient } from '@pvs/sql/pglite';
import { PgPoolClient } from '@pvs/sql/postgres';
import { createTestDatabase, describeWithPostgres, TestDatabase } from '@pvs/sql/testing';
import { ANY_VERSION, ExpectedVersionConflictError, NO_STREAM, NewEvent, STREAM_EXISTS } from '../event-store.port';
import { PostgresEventStore } from './postgres-event-store';

const metadata = { correlationId: 'group' };
const event = (type: string, id: string = randomUUID()): NewEvent => ({ id, type, data: { type }, metadata });
const transactionOf = (checkpoint: string) => checkpoint.split(':')[0];

function groupCommitSpec(open: () => Promise<{ sql: SqlClient; dispose: () => Promise<void> }>) {
  let sql: SqlClient;
  let dispose: () => Promise<void>;
  let store: PostgresEventStore;

  beforeAll(async () => {
    ({ sql, dispose } = await open());
    store = new PostgresEventStore(sql, { appenders: 'this-process' });
    await store.migrate();
  });

  afterAll(() => dispose());

  it('commits the appends of one turn of the event loop in one transaction, in the order they were made', async () => {
    const streams = Array.from({ length: 12 }, () => `thing-${randomUUID()}`);
    const results = await Promise.all(streams.map((stream, i) => store.append(stream, [event(`E${i}`), event(`F${i}`)], NO_STREAM)));

    expect(new Set(results.map((result) => transactionOf(result.checkpoint))).size).toBe(1);
    expect(results.map((result) => result.nextExpectedVersion)).toEqual(streams.map(() => 2));
    expect([...results.map((result) => result.checkpoint)].sort()).toEqual(results.map((result) => result.checkpoint));
    for (const [i, stream] of streams.entries()) {
      const recorded = await store.readStream(stream);
      expect(recorded.map((e) => [e.type, e.streamVersion])).toEqual([[`E${i}`, 1], [`F${i}`, 2]]);
      expect(recorded[1].checkpoint).toBe(results[i].checkpoint);
    }
  });

  it('checks each expectation of a group on its own: a conflict fails only its append', async () => {
    const existing = `thing-${randomUUID()}`;
    await store.append(existing, [event('First')], NO_STREAM);
    const fresh = `thing-${randomUUID()}`;
    const exact = `thing-${randomUUID()}`;
    await store.append(exact, [event('One'), event('Two')], NO_STREAM);

    const outcomes = await Promise.allSettled([
      store.append(fresh, [event('New')], NO_STREAM),
      store.append(existing, [event('Again')], NO_STREAM),
      store.append(exact, [event('Three')], 2),
      store.append(`thing-${randomUUID()}`, [event('Nowhere')], STREAM_EXISTS),
      store.append(`thing-${randomUUID()}`, [event('Anything')], ANY_VERSION),
    ]);

    expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'rejected', 'fulfilled']);
    const conflict = (outcomes[1] as PromiseRejectedResult).reason;
    expect(conflict).toBeInstanceOf(ExpectedVersionConflictError);
    expect(conflict).toMatchObject({ streamName: existing, expected: NO_STREAM, actual: 1 });
    expect((outcomes[3] as PromiseRejectedResult).reason).toMatchObject({ expected: STREAM_EXISTS, actual: 0 });
    expect((outcomes[2] as PromiseFulfilledResult<{ nextExpectedVersion: number }>).value.nextExpectedVersion).toBe(3);
    expect((await store.readStream(existing)).map((e) => e.type)).toEqual(['First']);
    expect((await store.readStream(exact)).map((e) => e.type)).toEqual(['One', 'Two', 'Three']);
  });

  it('puts a second append to a stream in the next group, after the first', async () => {
    const stream = `thing-${randomUUID()}`;
    const [first, second] = await Promise.all([store.append(stream, [event('A')], NO_STREAM), store.append(stream, [event('B')], 1)]);

    expect(first.nextExpectedVersion).toBe(1);
    expect(second.nextExpectedVersion).toBe(2);
    expect(transactionOf(second.checkpoint)).not.toBe(transactionOf(first.checkpoint));
    expect((await store.readStream(stream)).map((e) => e.type)).toEqual(['A', 'B']);
  });

  it('answers an event id recorded before as a conflict of its own append; the others of its group land', async () => {
    const id = randomUUID();
    const stream = `thing-${randomUUID()}`;
    await store.append(stream, [event('Once', id)], NO_STREAM);
    const others = [`thing-${randomUUID()}`, `thing-${randomUUID()}`];

    const outcomes = await Promise.allSettled([
      store.append(others[0], [event('X')], NO_STREAM),
      store.append(`thing-${randomUUID()}`, [event('Twice', id)], NO_STREAM),
      store.append(others[1], [event('Y')], NO_STREAM),
    ]);

    expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((outcomes[1] as PromiseRejectedResult).reason).toBeInstanceOf(ExpectedVersionConflictError);
    expect((await store.readStream(others[0])).map((e) => e.type)).toEqual(['X']);
    expect((await store.readStream(others[1])).map((e) => e.type)).toEqual(['Y']);
    expect((await store.readAll({ filter: { types: ['Twice'] } })).length).toBe(0);
  });

  it('wakes readers once the group is committed, and they read it whole', async () => {
    const head = (await store.readAll({ after: null, limit: 100_000 })).at(-1)?.checkpoint ?? null;
    const seen = store.signals.appendsSignalled();
    const appended = Promise.all(Array.from({ length: 5 }, (_, i) => store.append(`thing-${randomUUID()}`, [event(`W${i}`)], NO_STREAM)));
    await store.signals.waitForAppend(5_000, seen);
    const read = await store.readAll({ after: head });
    expect(read.map((e) => e.type)).toEqual(['W0', 'W1', 'W2', 'W3', 'W4']);
    await appended;
  });
}

describe('PostgreSQL event store group commit, on PGlite', () => {
  groupCommitSpec(async () => {
    const sql = await PgliteClient.open();
    return { sql, dispose: () => sql.close() };
  });
});

describeWithPostgres('PostgreSQL event store group commit, on the server', () => {
  let database: TestDatabase;
  groupCommitSpec(async () => {
    database = await createTestDatabase();
    const sql = new PgPoolClient({ connectionString: database.url });
    return {
      sql,
      dispose: async () => {
        await sql.close();
        await database.drop();
      },
    };
  });
});

import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { SqlExecutor } from '@pvs/sql';
import { PgPoolClient } from '@pvs/sql/postgres';
import { createTestDatabase, describeWithPostgres, TestDatabase } from '@pvs/sql/testing';
import { sleep } from '@pvs/testing';
import { CatchUpSubscription } from '../catch-up-subscription';
import { Checkpoint, NO_STREAM, NewEvent, RecordedEvent } from '../event-store.port';
import { appendToStream } from './append-to-stream';
import { PostgresEventStore } from './postgres-event-store';

const metadata = { correlationId: 'race' };
const newEvent = (type: string): NewEvent => ({ id: randomUUID(), type, data: {}, metadata });

/** A connection holding a transaction open, as a slow writer would. */
async function openTransaction(url: string) {
  const client = new Client({ connectionString: url });
  await client.connect();
  await client.query('BEGIN');
  // Take the transaction id now, so it reflects begin order rather than write order.
  await client.query('SELECT pg_current_xact_id()');
  const sql: SqlExecutor = {
    query: async <Row>(text: string, params: readonly unknown[] = []) =>
      (await client.query(text, params as unknown[])).rows as Row[],
    exec: async (script: string) => {
      await client.query(script);
    },
  };
  const finish = async (command: 'COMMIT' | 'ROLLBACK') => {
    await client.query(command);
    await client.end();
  };
  return { sql, commit: () => finish('COMMIT'), rollback: () => finish('ROLLBACK') };
}

describeWithPostgres('PostgreSQL event store under out-of-order commits', () => {
  let database: TestDatabase;
  let pool: PgPoolClient;
  let store: PostgresEventStore;

  beforeAll(async () => {
    database = await createTestDatabase();
    pool = new PgPoolClient({ connectionString: database.url, max: 12 });
    store = new PostgresEventStore(pool);
    await store.migrate();
  });

  afterAll(async () => {
    await pool.close();
    await database.drop();
  });

  async function head(): Promise<Checkpoint | null> {
    let after: Checkpoint | null = null;
    for (let page = await store.readAll({ after }); page.length > 0; page = await store.readAll({ after })) {
      after = page[page.length - 1].checkpoint;
    }
    return after;
  }

  it('holds back a faster commit until an older open transaction ends, then returns both in order', async () => {
    const start = await head();
    const slow = await openTransaction(database.url);
    const fast = await openTransaction(database.url);

    await appendToStream(fast.sql, `race-${randomUUID()}`, [newEvent('Fast')], NO_STREAM);
    await fast.commit();
    expect(await store.readAll({ after: start })).toEqual([]);

    await appendToStream(slow.sql, `race-${randomUUID()}`, [newEvent('Slow')], NO_STREAM);
    expect(await store.readAll({ after: start })).toEqual([]);
    await slow.commit();

    const events = await store.readAll({ after: start });
    expect(events.map((e) => e.type)).toEqual(['Slow', 'Fast']);
    // The slow writer's event got the later position but sorts first: order is by commit safety.
    expect(events[0].position).toBeGreaterThan(events[1].position);
  });

  it('does not skip an event whose transaction began before a reader passed a later one', async () => {
    const start = await head();
    const slow = await openTransaction(database.url);
    const fast = await openTransaction(database.url);
    await appendToStream(fast.sql, `race-${randomUUID()}`, [newEvent('Fast')], NO_STREAM);
    await fast.commit();

    const firstRead = await store.readAll({ after: start });
    const resumeFrom = firstRead.at(-1)?.checkpoint ?? start;
    await appendToStream(slow.sql, `race-${randomUUID()}`, [newEvent('Slow')], NO_STREAM);
    await slow.commit();

    const secondRead = await store.readAll({ after: resumeFrom });
    expect([...firstRead, ...secondRead].map((e) => e.type)).toEqual(['Slow', 'Fast']);
  });

  it('passes over the positions of a rolled-back transaction', async () => {
    const start = await head();
    const doomed = await openTransaction(database.url);
    await appendToStream(doomed.sql, `race-${randomUUID()}`, [newEvent('Doomed')], NO_STREAM);
    await store.append(`race-${randomUUID()}`, [newEvent('Kept')], NO_STREAM);
    expect(await store.readAll({ after: start })).toEqual([]);

    await doomed.rollback();
    expect((await store.readAll({ after: start })).map((e) => e.type)).toEqual(['Kept']);
  });

  it('gives one subscriber every event of many racing writers exactly once, in checkpoint order', async () => {
    const start = await head();
    const writers = 8;
    const transactionsPerWriter = 25;
    const seen: RecordedEvent[] = [];
    const subscription = new CatchUpSubscription(store, store.signals, {
      loadCheckpoint: async () => start,
      handle: async (events) => {
        seen.push(...events);
      },
      batchSize: 7,
      pollIntervalMs: 2,
    });
    await subscription.start();

    const written: string[] = [];
    let last: Checkpoint = '';
    await Promise.all(
      Array.from({ length: writers }, async (_, writer) => {
        for (let i = 0; i < transactionsPerWriter; i++) {
          const events = [newEvent(`W${writer}`), newEvent(`W${writer}`)];
          const result = await pool.transaction(async (tx) => {
            await tx.query('SELECT pg_current_xact_id()');
            await sleep(Math.random() * 6);
            const appended = await appendToStream(tx, `race-${randomUUID()}`, events, NO_STREAM);
            await sleep(Math.random() * 6);
            return appended;
          });
          written.push(...events.map((e) => e.id as string));
          if (result.checkpoint > last) last = result.checkpoint;
        }
      }),
    );

    expect(await subscription.waitFor(last, 20_000)).toBe(true);
    await subscription.stop();

    const ids = seen.map((e) => e.id);
    expect(ids).toHaveLength(writers * transactionsPerWriter * 2);
    expect(new Set(ids)).toEqual(new Set(written));
    const checkpoints = seen.map((e) => e.checkpoint);
    for (let i = 1; i < checkpoints.length; i++) expect(checkpoints[i] > checkpoints[i - 1]).toBe(true);
  });
});

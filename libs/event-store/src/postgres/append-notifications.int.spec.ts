import { PgPoolClient } from '@pvs/sql/postgres';
import { TestDatabase, createTestDatabase, describeWithPostgres } from '@pvs/sql/testing';
import { waitUntil } from '@pvs/testing';
import { APPENDED_CHANNEL, AppendNotifications } from './append-notifications';
import { PostgresEventStore } from './postgres-event-store';

const event = (i: number) => [{ type: 'Thing', data: { i }, metadata: { correlationId: 'c' } }];

/** How long `store.signals.waitForAppend` took to return while `act` ran, capped at `timeoutMs`. */
async function wokenAfter(store: PostgresEventStore, timeoutMs: number, act: () => Promise<unknown>): Promise<number> {
  const started = Date.now();
  const waiting = store.signals.waitForAppend(timeoutMs);
  await act();
  await waiting;
  return Date.now() - started;
}

describeWithPostgres('append notifications between processes', () => {
  let database: TestDatabase;
  const pools: PgPoolClient[] = [];
  let listening: AppendNotifications;
  let reader: PostgresEventStore;

  const store = async (notifyOtherProcesses: boolean) => {
    const sql = new PgPoolClient({ connectionString: database.url });
    pools.push(sql);
    const created = new PostgresEventStore(sql, { appenders: notifyOtherProcesses ? 'processes-that-notify' : 'unknown' });
    await created.migrate();
    return created;
  };

  beforeAll(async () => {
    database = await createTestDatabase();
    reader = await store(true);
    listening = await AppendNotifications.listen(database.url, () => reader.signals.notify());
  });

  afterAll(async () => {
    await listening.close();
    await Promise.all(pools.map((pool) => pool.close()));
    await database.drop();
  });

  it('wakes a reader of another process at the commit of an append, not at its next poll', async () => {
    const writer = await store(true);
    expect(await wokenAfter(reader, 5_000, () => writer.append('thing-1', event(1), 'no_stream'))).toBeLessThan(1_000);
  });

  it('does not wake it for a writer that does not notify (so the first test is not a coincidence)', async () => {
    const silent = await store(false);
    expect(await wokenAfter(reader, 1_500, () => silent.append('thing-2', event(2), 'no_stream'))).toBeGreaterThanOrEqual(1_400);
  });

  it('listens again after its connection is killed', async () => {
    const writer = await store(true);
    const admin = new PgPoolClient({ connectionString: database.url });
    pools.push(admin);
    const listeners = () =>
      admin.query<{ pid: number }>(`SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND query = $1`, [`LISTEN ${APPENDED_CHANNEL}`]);
    const [{ pid }] = await listeners();
    await admin.query('SELECT pg_terminate_backend($1)', [pid]);
    await waitUntil(async () => (await listeners()).some((row) => row.pid !== pid), 10_000);
    expect(await wokenAfter(reader, 5_000, () => writer.append('thing-3', event(3), 'no_stream'))).toBeLessThan(1_000);
  });
});

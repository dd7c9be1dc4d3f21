import { PgliteClient } from '@pvs/sql/pglite';
import { PgPoolClient } from '@pvs/sql/postgres';
import { createTestDatabase, describeWithPostgres } from '@pvs/sql/testing';
import { eventStoreContract } from '../testing/event-store.contract';
import { PostgresEventStoreOptions, PostgresEventStore } from './postgres-event-store';

// `unknown` appenders: every read goes to the database. `this-process`: readers near the head are
// served by the shared tail, which must answer exactly as the database would.
const APPENDERS: ReadonlyArray<NonNullable<PostgresEventStoreOptions['appenders']>> = ['unknown', 'this-process'];

for (const appenders of APPENDERS) {
  eventStoreContract(`PostgreSQL on PGlite, appenders ${appenders}`, async () => {
    const sql = await PgliteClient.open();
    const store = new PostgresEventStore(sql, { appenders });
    await store.migrate();
    return { store, dispose: () => sql.close() };
  });
}

describeWithPostgres('on the PostgreSQL server', () => {
  for (const appenders of APPENDERS) {
    eventStoreContract(`PostgreSQL server, appenders ${appenders}`, async () => {
      const database = await createTestDatabase();
      const sql = new PgPoolClient({ connectionString: database.url });
      const store = new PostgresEventStore(sql, { appenders });
      await store.migrate();
      return {
        store,
        dispose: async () => {
          await sql.close();
          await database.drop();
        },
      };
    });
  }
});

describe('PostgreSQL event store: commit order across a change in the number of digits of transaction ids', () => {
  it('reads the transaction before id 1000 before those after it, one page at a time', async () => {
    const sql = await PgliteClient.open();
    try {
      const store = new PostgresEventStore(sql);
      await store.migrate();
      // A fresh PGlite is below transaction 1000: spend ids up to 996, then append across the boundary.
      for (let [{ xid }] = await sql.query<{ xid: number }>('SELECT pg_current_xact_id()::text::int AS xid'); xid < 996; ) {
        [{ xid }] = await sql.query<{ xid: number }>('SELECT pg_current_xact_id()::text::int AS xid');
      }
      const appended = [];
      for (let i = 0; i < 8; i++) appended.push((await store.append(`thing-${i}`, [{ type: 'Thing', data: { i }, metadata: { correlationId: 'c' } }], 'no_stream')).checkpoint);
      expect(appended.some((checkpoint) => checkpoint.startsWith('00000000000000000999:'))).toBe(true);

      const read: string[] = [];
      for (let page = await store.readAll({ limit: 1 }); page.length > 0; page = await store.readAll({ after: page[0].checkpoint, limit: 1 })) read.push(page[0].checkpoint);
      expect(read).toEqual(appended);
    } finally {
      await sql.close();
    }
  });
});

import { PgliteClient, PgPoolClient } from '@pvs/sql';
import { createTestDatabase, describeWithPostgres } from '@pvs/sql/testing';
import { eventStoreContract } from '../testing/event-store.contract';
import { PostgresEventStore } from './postgres-event-store';

eventStoreContract('PostgreSQL on PGlite', async () => {
  const sql = await PgliteClient.open();
  const store = new PostgresEventStore(sql);
  await store.migrate();
  return { store, dispose: () => sql.close() };
});

describeWithPostgres('on the PostgreSQL server', () => {
  eventStoreContract('PostgreSQL server', async () => {
    const database = await createTestDatabase();
    const sql = new PgPoolClient({ connectionString: database.url });
    const store = new PostgresEventStore(sql);
    await store.migrate();
    return {
      store,
      dispose: async () => {
        await sql.close();
        await database.drop();
      },
    };
  });
});

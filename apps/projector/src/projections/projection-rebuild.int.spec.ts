import { randomUUID } from 'node:crypto';
import { PostgresEventStore } from '@pvs/event-store/postgres';
import { loadProjectionCheckpoint } from '@pvs/read-model';
import { SqlClient } from '@pvs/sql';
import { sleep, waitUntil } from '@pvs/testing';
import { tenantDailyProjection } from '../dashboard/tenant-daily.projection';
import { paymentsProjection } from '../payments/payments.projection';
import { appendPayment, appendPayments, onPgliteAndPostgres } from '../testing';
import { Projection } from './projection';
import { ProjectionRebuild } from './projection-rebuild';
import { ProjectionRunner } from './projection-runner';

const tenants = [randomUUID(), randomUUID(), randomUUID()];
const KEYS: Record<string, string> = {
  rm_payments: 'uuid',
  rm_tenant_daily: 'day, tenant_id, dimension, bucket',
  rm_tenant_daily_payments: 'payment_id',
};

onPgliteAndPostgres((backend, open) => {
  describe(`online projection rebuild on ${backend}`, () => {
    let sql: SqlClient;
    let dispose: () => Promise<void>;
    let events: PostgresEventStore;
    let runners: ProjectionRunner[];
    let references: ProjectionRunner[];

    const rows = (table: string) => sql.query(`SELECT * FROM ${table} ORDER BY ${KEYS[table.replace(/^reference_/, '')]}`);
    /** Its indexes' and constraints' names, which migrations may refer to. */
    const indexNames = async (table: string) => [
      ...(await sql.query<{ name: string }>(`SELECT indexname AS name FROM pg_indexes WHERE tablename = $1 ORDER BY indexname`, [table])),
      ...(await sql.query<{ name: string }>(`SELECT conname AS name FROM pg_constraint WHERE conrelid = $1::regclass ORDER BY conname`, [table])),
    ].map((row) => row.name);
    const tablesNamed = async (pattern: string) =>
      (await sql.query<{ tablename: string }>(`SELECT tablename FROM pg_tables WHERE tablename LIKE $1`, [pattern])).map((row) => row.tablename);

    /** A copy of the projection fed from the start and never rebuilt: what the rebuilt tables must equal. */
    async function referenceRunner(projection: Projection): Promise<ProjectionRunner> {
      const tables = Object.fromEntries(Object.entries(projection.tables).map(([role, table]) => [role, `reference_${table}`]));
      for (const table of Object.values(projection.tables)) await sql.query(`CREATE TABLE reference_${table} (LIKE ${table} INCLUDING ALL)`);
      return new ProjectionRunner(projection, events, events.signals, sql, { pollIntervalMs: 10, target: { checkpointName: `reference:${projection.name}`, tables } });
    }

    async function expectEqualToReference(projection: Projection): Promise<void> {
      for (const table of Object.values(projection.tables)) expect(await rows(table)).toEqual(await rows(`reference_${table}`));
    }

    /** Until every runner has applied the whole log: another runner's open transaction can hold a catch-up back. */
    async function settle(): Promise<void> {
      const checkpointNames = [...runners.map((runner) => runner.name), ...references.map((runner) => `reference:${runner.name}`)];
      for (const name of checkpointNames) {
        await waitUntil(async () => (await events.backlog({ after: await loadProjectionCheckpoint(sql, name), filter: paymentsProjection.filter })).events === 0);
      }
    }

    beforeEach(async () => {
      ({ sql, events, dispose } = await open());
      await appendPayments(events, tenants, 120);
      runners = [paymentsProjection, tenantDailyProjection].map((projection) => new ProjectionRunner(projection, events, events.signals, sql, { pollIntervalMs: 10 }));
      references = [await referenceRunner(paymentsProjection), await referenceRunner(tenantDailyProjection)];
      for (const runner of [...runners, ...references]) await runner.start();
      await settle();
    });

    afterEach(async () => {
      for (const runner of [...runners, ...references]) await runner.stop();
      await dispose();
    });

    it('replays into copies while payments keep being registered and decided, then serves the same rows as a never-rebuilt copy', async () => {
      await sql.query(`UPDATE rm_payments SET status = 'corrupted'`);
      await sql.query(`UPDATE rm_tenant_daily SET payments = payments + 1000`);
      const indexesBefore = [await indexNames('rm_payments'), await indexNames('rm_tenant_daily'), await indexNames('rm_tenant_daily_payments')];

      let writing = true;
      const writer = (async () => {
        while (writing) await appendPayments(events, tenants, 2);
      })();
      const readerCounts: number[] = [];
      const readerErrors: unknown[] = [];
      let reading = true;
      // One count at a time, so the order they are recorded in is the order the server saw them.
      let previousRead = Promise.resolve();
      const readCount = () =>
        (previousRead = previousRead.then(async () => {
          try {
            const [{ count }] = await sql.query<{ count: number }>('SELECT count(*)::int AS count FROM rm_payments');
            readerCounts.push(count);
          } catch (error) {
            readerErrors.push(error);
          }
        }));
      // Reads between the rebuild's batches, and beside it (at once on a server, in turn on PGlite).
      const reader = (async () => {
        while (reading) {
          await readCount();
          await sleep(1);
        }
      })();

      const progress: number[] = [];
      try {
        for (const [index, projection] of [paymentsProjection, tenantDailyProjection].entries()) {
          const result = await new ProjectionRebuild(projection, events, sql, {
            live: runners[index],
            batchSize: 40,
            onProgress: async (report) => {
              progress.push(report.eventsDone);
              await readCount();
            },
          }).run();
          expect(result.eventsDone).toBeGreaterThanOrEqual(result.eventsTotal);
          expect(result.eventsPerSecond).toBeGreaterThan(0);
        }
      } finally {
        writing = false;
        reading = false;
        await Promise.all([writer, reader]);
      }
      await settle();

      await expectEqualToReference(paymentsProjection);
      await expectEqualToReference(tenantDailyProjection);
      expect(await sql.query(`SELECT 1 FROM rm_payments WHERE status = 'corrupted'`)).toEqual([]);
      expect([await indexNames('rm_payments'), await indexNames('rm_tenant_daily'), await indexNames('rm_tenant_daily_payments')]).toEqual(indexesBefore);
      expect(await tablesNamed('%\\_\\_rebuild')).toEqual([]);
      expect(await sql.query(`SELECT projection FROM rm_checkpoints WHERE projection LIKE '%\\_\\_rebuild'`)).toEqual([]);
      expect(progress.length).toBeGreaterThan(6);
      // Readers kept seeing every payment: never an empty or a partly filled table.
      expect(readerErrors).toEqual([]);
      expect(readerCounts.length).toBeGreaterThan(10);
      expect(Math.min(...readerCounts)).toBeGreaterThanOrEqual(120);
      expect(readerCounts).toEqual([...readerCounts].sort((a, b) => a - b));
    });

    it('swaps in one transaction: a swap failing half way leaves the live tables, indexes and checkpoint as they were', async () => {
      await sql.query(`UPDATE rm_tenant_daily SET payments = payments + 1000`);
      const [live, before, indexes] = [runners[1], await rows('rm_tenant_daily'), await indexNames('rm_tenant_daily')];
      const checkpoint = await loadProjectionCheckpoint(sql, 'tenant_daily');
      // The second table's copy disappears just before the swap, which renames the first one, then fails.
      const breakingLive = {
        start: () => live.start(),
        stop: async () => {
          await live.stop();
          await sql.query('DROP TABLE rm_tenant_daily_payments__rebuild');
        },
      };

      await expect(new ProjectionRebuild(tenantDailyProjection, events, sql, { live: breakingLive }).run()).rejects.toThrow(/rm_tenant_daily_payments__rebuild/);

      expect(await rows('rm_tenant_daily')).toEqual(before);
      expect(await indexNames('rm_tenant_daily')).toEqual(indexes);
      expect(await loadProjectionCheckpoint(sql, 'tenant_daily')).toBe(checkpoint);
      expect(await tablesNamed('%\\_\\_rebuild')).toEqual([]);
      // The live runner was resumed and keeps applying new events.
      await appendPayment(events, tenants[0], 'verified');
      await waitUntil(async () => (await loadProjectionCheckpoint(sql, 'tenant_daily')) !== checkpoint);
    });

    it('leaves the live tables serving when a rebuild dies half way, and a later one completes over its leftovers', async () => {
      const before = await rows('rm_payments');
      let batches = 0;
      const dying = new ProjectionRebuild(paymentsProjection, events, sql, {
        live: runners[0],
        batchSize: 30,
        onProgress: () => {
          if (++batches === 3) throw new Error('the projector died');
        },
      });
      await expect(dying.run()).rejects.toThrow('the projector died');
      expect(await rows('rm_payments')).toEqual(before);

      // What a killed process leaves behind: a half-filled copy and its checkpoint.
      await sql.query('CREATE TABLE rm_payments__rebuild (LIKE rm_payments INCLUDING ALL)');
      await sql.query(`INSERT INTO rm_payments__rebuild SELECT * FROM rm_payments LIMIT 5`);
      await sql.query(`UPDATE rm_payments__rebuild SET status = 'half-done'`);
      await sql.query(`INSERT INTO rm_checkpoints (projection, checkpoint) VALUES ('payments__rebuild', $1)`, [await loadProjectionCheckpoint(sql, 'payments')]);
      await appendPayments(events, tenants, 10);

      await new ProjectionRebuild(paymentsProjection, events, sql, { live: runners[0] }).run();
      await settle();
      await expectEqualToReference(paymentsProjection);
      expect(await tablesNamed('%\\_\\_rebuild')).toEqual([]);
    });
  });
});

import { randomUUID } from 'node:crypto';
import { PROJECTION_REBUILD_REQUESTED, projectionStream } from '@pvs/contracts';
import { PostgresEventStore } from '@pvs/event-store/postgres';
import { REBUILD_INTERRUPTED } from '@pvs/read-model';
import { SqlClient } from '@pvs/sql';
import { waitUntil } from '@pvs/testing';
import { paymentsProjection } from '../payments/payments.projection';
import { ProjectionRunner } from '../projections/projection-runner';
import { appendPayments, onPgliteAndPostgres } from '../testing';
import { RebuildRequests } from './rebuild-requests';
import { RebuildRecords } from './rebuild-records';

onPgliteAndPostgres((backend, open) => {
  describe(`rebuild requests on ${backend}`, () => {
    let sql: SqlClient;
    let events: PostgresEventStore;
    let dispose: () => Promise<void>;
    let runner: ProjectionRunner;
    let requests: RebuildRequests;

    beforeEach(async () => {
      ({ sql, events, dispose } = await open());
      await appendPayments(events, [randomUUID()], 40);
      runner = new ProjectionRunner(paymentsProjection, events, events.signals, sql, { pollIntervalMs: 10 });
      requests = new RebuildRequests(runner, events, events.signals, sql, { pollIntervalMs: 10, progressIntervalMs: 0 });
      await runner.start();
    });

    afterEach(async () => {
      await requests.stop();
      await runner.stop();
      await dispose();
    });

    const request = async (projection: string) => {
      const stream = projectionStream(projection);
      const version = (await events.readStream(stream)).length;
      const data = { projection, requestedAt: new Date().toISOString() };
      await events.append(stream, [{ type: PROJECTION_REBUILD_REQUESTED, data, metadata: { correlationId: 'test' } }], version);
      return (await events.readStream(stream)).at(-1)!.id;
    };
    const rebuilds = () => new RebuildRecords(sql);

    it('runs a requested rebuild of its projection and records its progress, and leaves other projections alone', async () => {
      await requests.start();
      const other = await request('sms');
      const mine = await request('payments');

      await waitUntil(async () => (await rebuilds().find(mine))?.status === 'done', 10_000);
      const done = await rebuilds().find(mine);
      expect(done).toMatchObject({ status: 'done', error: null, eventsTotal: expect.any(Number) });
      expect(done!.eventsTotal).toBeGreaterThanOrEqual(40);
      expect(done!.eventsDone).toBeGreaterThanOrEqual(done!.eventsTotal);
      expect(done!.eventsPerSecond).toBeGreaterThan(0);
      expect(done!.finishedAt!.getTime()).toBeGreaterThanOrEqual(done!.startedAt!.getTime());
      expect(await rebuilds().find(other)).toBeNull();

      // The live runner was resumed after the swap.
      const [{ count }] = await sql.query<{ count: number }>('SELECT count(*)::int AS count FROM rm_payments');
      await appendPayments(events, [randomUUID()], 1);
      await waitUntil(async () => (await sql.query<{ count: number }>('SELECT count(*)::int AS count FROM rm_payments'))[0].count === count + 1);
    });

    it('fails a rebuild its previous leader left running, without running that request again', async () => {
      const interrupted = await request('payments');
      await rebuilds().begin(interrupted, 'payments', new Date());
      await sql.query('CREATE TABLE rm_payments__rebuild (LIKE rm_payments INCLUDING ALL)');

      await requests.start();
      expect(await rebuilds().find(interrupted)).toMatchObject({ status: 'failed', error: REBUILD_INTERRUPTED, eventsDone: 0 });

      const again = await request('payments');
      await waitUntil(async () => (await rebuilds().find(again))?.status === 'done', 10_000);
      expect(await rebuilds().find(interrupted)).toMatchObject({ status: 'failed', eventsDone: 0 });
    });
  });
});

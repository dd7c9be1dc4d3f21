import { randomUUID } from 'node:crypto';
import { PostgresEventStore } from '@pvs/event-store/postgres';
import { TenantDailyViews } from '@pvs/read-model';
import { SqlClient } from '@pvs/sql';
import { ProjectionRunner } from '../projections/projection-runner';
import { PaymentOutcome, appendPayment, onPgliteAndPostgres } from '../testing';
import { tenantDailyProjection } from './tenant-daily.projection';

const PKT = (local: string) => new Date(`${local}+05:00`);

onPgliteAndPostgres((backend, open) => {
  describe(`tenant daily projection on ${backend}`, () => {
    let sql: SqlClient;
    let events: PostgresEventStore;
    let dispose: () => Promise<void>;
    const tenant = randomUUID();

    beforeEach(async () => {
      ({ sql, events, dispose } = await open());
    });

    afterEach(() => dispose());

    const pay = (outcome: PaymentOutcome, registeredAt: Date, amountPaisa: number, secondsToDecide = 60) =>
      appendPayment(events, tenant, outcome, { registeredAt, amountPaisa, secondsToDecide });
    const project = () => new ProjectionRunner(tenantDailyProjection, events, events.signals, sql, { batchSize: 3 }).catchUp();

    it('counts each payment on its Asia/Karachi day of registration, in its current status, with the exact median time to verify', async () => {
      await pay('verified', PKT('2026-03-10T00:05:00'), 10, 10);
      await pay('verified', PKT('2026-03-10T09:00:00'), 20, 20);
      await pay('verified', PKT('2026-03-10T12:00:00'), 1_000_000_01, 40);
      await pay('verified', PKT('2026-03-10T23:59:00'), 5, 1_000.5);
      await pay('approved', PKT('2026-03-10T15:00:00'), 7, 600);
      await pay('flagged', PKT('2026-03-10T15:00:00'), 300);
      await pay('rejected', PKT('2026-03-10T16:00:00'), 400);
      await pay('expired', PKT('2026-03-10T17:00:00'), 500);
      await pay('pending', PKT('2026-03-10T18:00:00'), 600);
      // 23:59 UTC on the 10th is already the 11th in Karachi.
      await pay('pending', new Date('2026-03-10T23:59:00Z'), 700);
      await project();

      const [day] = await new TenantDailyViews(sql).day('2026-03-10', tenant);
      expect(day).toMatchObject({
        registered: 9,
        byStatus: {
          verified: { payments: 5, amountPaisa: 10 + 20 + 1_000_000_01 + 5 + 7 },
          manual_review: { payments: 1, amountPaisa: 300 },
          failed: { payments: 2, amountPaisa: 900 },
          pending: { payments: 1, amountPaisa: 600 },
        },
        matchRate: 0.5556,
        // 10, 20, 40, 600 and 1000.5 seconds
        medianSecondsToVerify: 40,
      });
      expect((await new TenantDailyViews(sql).day('2026-03-11'))[0]).toMatchObject({ tenantId: tenant, registered: 1, byStatus: { pending: { payments: 1, amountPaisa: 700 } } });
    });

    it('changes nothing when every event is applied again, in other batches', async () => {
      for (const outcome of ['verified', 'flagged', 'approved', 'rejected', 'expired', 'pending'] as const) await pay(outcome, PKT('2026-03-10T10:00:00'), 1_234);
      await project();
      const rows = async () => [
        await sql.query('SELECT * FROM rm_tenant_daily ORDER BY dimension, bucket'),
        await sql.query('SELECT * FROM rm_tenant_daily_payments ORDER BY payment_id'),
      ];
      const before = await rows();

      const everything = await events.readAll({ filter: tenantDailyProjection.filter, limit: 1_000 });
      await sql.transaction((tx) => tenantDailyProjection.apply(tx, everything, tenantDailyProjection.tables));
      for (const event of everything) await sql.transaction((tx) => tenantDailyProjection.apply(tx, [event], tenantDailyProjection.tables));

      expect(await rows()).toEqual(before);
      const statusCounts = before[0].filter((row) => row.dimension === 'status').map((row) => [row.bucket, row.payments]);
      expect(Object.fromEntries(statusCounts)).toEqual({ verified: 2, manual_review: 1, failed: 2, pending: 1 });
    });
  });
});

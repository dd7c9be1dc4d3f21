import { randomUUID } from 'node:crypto';
import { PAYMENT_INTENT_REGISTERED, PaymentIntentRegisteredData, paymentStream } from '@pvs/contracts';
import { NO_STREAM } from '@pvs/event-store';
import { PostgresEventStore } from '@pvs/event-store/postgres';
import { loadProjectionCheckpoint } from '@pvs/read-model';
import { SqlClient } from '@pvs/sql';
import { ProjectionRebuild } from '../projections/projection-rebuild';
import { ProjectionRunner } from '../projections/projection-runner';
import { onPgliteAndPostgres } from '../testing';
import { paymentsProjection } from './payments.projection';

const tenantId = randomUUID();

function intent(amountPaisa: number): PaymentIntentRegisteredData {
  const paymentId = randomUUID();
  return {
    paymentId,
    tenantId,
    gateway: 'wallet_two',
    transactionReference: `ref-${paymentId.slice(0, 8)}`,
    normalizedReference: `REF${paymentId.slice(0, 8).toUpperCase()}`,
    amountPaisa,
    senderSource: null,
    callbackUrl: null,
    clientMetadata: { order_id: paymentId },
    registeredAt: new Date(Date.UTC(2026, 10, 26, 9, 0, amountPaisa % 60)).toISOString(),
    expiresAt: new Date(Date.UTC(2026, 10, 27, 9, 0, 0)).toISOString(),
  };
}

onPgliteAndPostgres((backend, open) => {
  describe(`payments projection on ${backend}`, () => {
    let sql: SqlClient;
    let dispose: () => Promise<void>;
    let events: PostgresEventStore;

    beforeEach(async () => {
      ({ sql, events, dispose } = await open());
    });

    afterEach(() => dispose());

    const register = async (data: PaymentIntentRegisteredData) =>
      events.append(paymentStream(data.paymentId), [{ type: PAYMENT_INTENT_REGISTERED, data, metadata: { tenantId, correlationId: 'test' } }], NO_STREAM);
    const rows = () => sql.query('SELECT * FROM rm_payments ORDER BY uuid');

    it('projects each registered intent into a pending row with its checkpoint', async () => {
      const registered = [intent(149999), intent(100), intent(5_000_000)];
      for (const data of registered) await register(data);
      const runner = new ProjectionRunner(paymentsProjection, events, events.signals, sql);
      await runner.catchUp();

      const byId = new Map((await rows()).map((row) => [row.uuid, row]));
      for (const data of registered) {
        expect(byId.get(data.paymentId)).toMatchObject({
          tenant_id: tenantId,
          gateway: 'wallet_two',
          transaction_reference: data.transactionReference,
          amount_expected_paisa: data.amountPaisa,
          amount_detected_paisa: null,
          status: 'pending',
          verified_at: null,
          stream_version: 1,
        });
        expect((byId.get(data.paymentId)?.created_at as Date).toISOString()).toBe(data.registeredAt);
      }
      const lastAppend = (await events.readAll({ filter: { categories: ['payment'] } })).at(-1);
      expect(await loadProjectionCheckpoint(sql, 'payments')).toBe(lastAppend?.checkpoint);
    });

    it('rebuilds from the start of the log to the same rows', async () => {
      for (let i = 1; i <= 25; i++) await register(intent(i * 1000 + 1));
      const runner = new ProjectionRunner(paymentsProjection, events, events.signals, sql);
      await runner.catchUp();
      const live = await rows();

      await sql.query(`UPDATE rm_payments SET status = 'corrupted'`);
      await new ProjectionRebuild(paymentsProjection, events, sql, { live: runner }).run();
      await runner.stop();
      expect(await rows()).toEqual(live);
    });

    it('commits a batch and its checkpoint together: a failed batch leaves neither behind', async () => {
      const first = intent(1);
      await register(first);
      const failing: typeof paymentsProjection = {
        ...paymentsProjection,
        async apply(tx, batch, tables) {
          await paymentsProjection.apply(tx, batch, tables);
          throw new Error('crash after writing the rows');
        },
      };
      await expect(new ProjectionRunner(failing, events, events.signals, sql).catchUp()).rejects.toThrow('crash after writing the rows');
      expect(await rows()).toEqual([]);
      expect(await loadProjectionCheckpoint(sql, 'payments')).toBeNull();

      const second = intent(2);
      await register(second);
      await new ProjectionRunner(paymentsProjection, events, events.signals, sql).catchUp();
      expect((await rows()).map((row) => row.uuid).sort()).toEqual([first.paymentId, second.paymentId].sort());
    });

    it('resumes from its stored checkpoint without applying anything twice', async () => {
      await register(intent(10));
      await new ProjectionRunner(paymentsProjection, events, events.signals, sql).catchUp();
      const applied: string[] = [];
      const counting: typeof paymentsProjection = {
        ...paymentsProjection,
        async apply(tx, batch, tables) {
          applied.push(...batch.map((e) => e.id));
          await paymentsProjection.apply(tx, batch, tables);
        },
      };
      const later = intent(20);
      await register(later);
      await new ProjectionRunner(counting, events, events.signals, sql).catchUp();
      expect(applied).toHaveLength(1);
      expect(await rows()).toHaveLength(2);
    });
  });
});

import { randomBytes } from 'node:crypto';
import { TestService, TestServiceOptions, TestTenant, movableClock, onEachDatabaseThatRestarts, startTestService } from '@pvs/embedded/testing';
import { EVENT_STORE, EventStore } from '@pvs/event-store';
import { waitUntil } from '@pvs/testing';

const MINUTE = 60_000;
/** Long enough for the watch (every 100 ms here) to have looked several times. */
const SEVERAL_ROUNDS_MS = 800;
const pkr = (paisa: number) => (paisa / 100).toLocaleString('en-US', { minimumFractionDigits: 2 });

/** HBL alerts of one account (wordings inferred from the bank credits of the corpus). */
const credit = (amount: number, balance: number, reference: string) =>
  `PKR ${pkr(amount)} credited to your A/C **1234 from ALI RAZA. Ref ${reference}. Avl Bal: PKR ${pkr(balance)}`;
const debit = (amount: number, balance: number) => `Dear Customer, PKR ${pkr(amount)} has been debited from your A/C **1234. Avl Bal: PKR ${pkr(balance)}`;

interface Gap {
  gap_id: string;
  direction: string;
  amount: number;
  window_start: string;
  window_end: string;
  candidate_payment_ids: string[];
  filled_at: string | null;
}

function gapsSuite(backend: string, open: () => Promise<{ options: TestServiceOptions; drop(): Promise<void> }>) {
  describe(`gaps in the balance chain on ${backend}`, () => {
    const clock = movableClock();
    let service: TestService;
    let options: TestServiceOptions;
    let drop: () => Promise<void>;

    beforeAll(async () => {
      const database = await open();
      options = { ...database.options, clock, watchIntervalMs: 100, gapSettleMs: 10 * MINUTE, secretsKey: randomBytes(32), adminToken: randomBytes(24).toString('base64url') };
      drop = () => database.drop();
      service = await startTestService(options);
    });

    afterAll(async () => {
      await service.close();
      await drop();
    });

    /** Sends an SMS the phone received `minutesAgo` before the service's now. */
    const send = async (tenant: TestTenant, body: string, receivedAt: Date) => {
      const response = await service.request('POST', '/sms/ingest', { body: { sender: 'HBL', body, received_at: receivedAt.toISOString() }, headers: { 'x-api-key': tenant.apiKey } });
      expect([200, 422]).toContain(response.status);
    };
    const gaps = async (tenant: TestTenant, state = 'open'): Promise<Gap[]> => (await service.admin('GET', `/admin/sms-gaps?tenant_id=${tenant.id}&state=${state}`)).body.data;
    const ledgerEventTypes = async (tenant: TestTenant) => {
      const log = await service.app.get<EventStore>(EVENT_STORE).readAll({ filter: { categories: ['ledger'] }, limit: 10_000 });
      return log.filter((event) => event.metadata.tenantId === tenant.id).map((event) => event.type);
    };
    const settle = () => new Promise((resolve) => setTimeout(resolve, SEVERAL_ROUNDS_MS));
    const at = (minutes: number) => new Date(clock.now().getTime() + minutes * MINUTE);

    it('finds the credit a dropped SMS carried, with its window and the pending payment it may be; the late SMS fills it', async () => {
      const shop = await service.createTenant({ name: 'Dropped SMS' });
      const start = at(-30);
      const pending = await service.request('POST', '/payments/verify', { body: { gateway: 'bank', transaction_reference: 'HB77120', amount: 2_500 }, headers: { 'x-api-key': shop.apiKey } });
      expect(pending.status).toBe(200);
      await send(shop, credit(100_000, 1_000_000, 'HB77110'), start);
      const dropped = credit(250_000, 1_250_000, 'HB77120');
      await send(shop, debit(50_000, 1_200_000), new Date(start.getTime() + 20 * MINUTE));
      // Not reported before the SMS either side of the break could have arrived out of order.
      await settle();
      expect(await gaps(shop)).toEqual([]);
      clock.advance(11 * MINUTE);
      await waitUntil(async () => (await gaps(shop)).length === 1);
      const [gap] = await gaps(shop);
      expect(gap).toMatchObject({
        direction: 'credit',
        amount: 2_500,
        window_start: start.toISOString(),
        window_end: new Date(start.getTime() + 20 * MINUTE).toISOString(),
        candidate_payment_ids: [pending.body.data.uuid],
        filled_at: null,
      });

      await send(shop, dropped, new Date(start.getTime() + 10 * MINUTE));
      await waitUntil(async () => (await gaps(shop)).length === 0);
      expect((await gaps(shop, 'all')).map((listed) => [listed.gap_id, listed.filled_at !== null])).toEqual([[gap?.gap_id, true]]);
      // The dropped credit, arriving, verifies the payment as usual.
      await waitUntil(async () => (await service.request('GET', `/payments/status/${pending.body.data.uuid}`, { headers: { 'x-api-key': shop.apiKey } })).body.data.status === 'verified');
    });

    it('raises no gap for SMS that arrive out of order, as a phone posting its backlog does', async () => {
      const shop = await service.createTenant({ name: 'Backlog' });
      const start = at(-60);
      const sms = [
        [credit(100_000, 1_000_000, 'HB88110'), 0],
        [credit(250_000, 1_250_000, 'HB88120'), 10],
        [debit(50_000, 1_200_000), 20],
        [credit(30_000, 1_230_000, 'HB88130'), 21],
      ] as const;
      for (const index of [3, 1, 0, 2]) {
        const [body, minutes] = sms[index] ?? sms[0];
        await send(shop, body, new Date(start.getTime() + minutes * MINUTE));
      }
      await waitUntil(async () => (await ledgerEventTypes(shop)).length === 4);
      clock.advance(11 * MINUTE);
      await settle();
      expect(await gaps(shop, 'all')).toEqual([]);
      expect(await ledgerEventTypes(shop)).toEqual(['BalanceStated', 'BalanceStated', 'BalanceStated', 'BalanceStated']);
    });

    it('reports a gap once, however often the service starts again', async () => {
      const shop = await service.createTenant({ name: 'Restarted Ledger' });
      const start = at(-30);
      await send(shop, credit(100_000, 1_000_000, 'HB99110'), start);
      await send(shop, credit(70_000, 1_320_000, 'HB99130'), new Date(start.getTime() + 5 * MINUTE));
      clock.advance(11 * MINUTE);
      await waitUntil(async () => (await gaps(shop)).length === 1);
      await service.close();
      service = await startTestService(options);
      await settle();
      expect((await ledgerEventTypes(shop)).filter((type) => type === 'SmsGapSuspected')).toHaveLength(1);
      expect(await gaps(shop)).toMatchObject([{ direction: 'credit', amount: 2_500, candidate_payment_ids: [] }]);
    });
  });
}

onEachDatabaseThatRestarts(gapsSuite);

import { randomBytes } from 'node:crypto';
import { EVENT_STORE, EventStore } from '@pvs/event-store';
import { jazzCashCredit, randomTransactionId, waitUntil } from '@pvs/testing';
import { TestService, TestServiceOptions, TestTenant, movableClock, onEachDatabaseThatRestarts, startTestService } from './testing';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** Long enough for the watch (every 100 ms here) to have looked several times. */
const SEVERAL_ROUNDS_MS = 800;

function silenceSuite(backend: string, open: () => Promise<{ options: TestServiceOptions; drop(): Promise<void> }>) {
  describe(`forwarder silence on ${backend}`, () => {
    const clock = movableClock();
    let service: TestService;
    let options: TestServiceOptions;
    let drop: () => Promise<void>;

    beforeAll(async () => {
      const database = await open();
      // The same keys each start, so that the service opens what it stored before.
      options = { ...database.options, clock, watchIntervalMs: 100, secretsKey: randomBytes(32), adminToken: randomBytes(24).toString('base64url') };
      drop = () => database.drop();
      service = await startTestService(options);
    });

    afterAll(async () => {
      await service.close();
      await drop();
    });

    const send = (tenant: TestTenant, phone: string, body = jazzCashCredit({ reference: randomTransactionId(), amount: '640.00' })) =>
      service.request('POST', '/sms/ingest', { body: { sender: '8558', body }, headers: { 'x-api-key': tenant.apiKey, 'x-forwarder-id': phone } });
    const register = async (tenant: TestTenant, gateway = 'wallet_one') =>
      (await service.request('POST', '/payments/verify', { body: { gateway, transaction_reference: randomTransactionId(), amount: 100 }, headers: { 'x-api-key': tenant.apiKey } })).body.data.uuid;
    /** The phone's story as far as its silence goes (the accounts it carries are another one). */
    const typesOf = async (forwarderId: string) =>
      (await service.app.get<EventStore>(EVENT_STORE).readStream(`forwarder-${forwarderId}`)).map((event) => event.type).filter((type) => type !== 'ForwarderAccountSeen');
    /** The forwarder's id once the read model lists it with its SMS. */
    const listedId = async (tenant: TestTenant, phone: string) => {
      let id: string | undefined;
      await waitUntil(async () => {
        const forwarders = (await service.admin('GET', `/admin/forwarders?tenant_id=${tenant.id}`)).body.data as { forwarder_id: string; device: string; last_heard_at: string | null }[];
        id = forwarders.find((forwarder) => forwarder.device === phone && forwarder.last_heard_at !== null)?.forwarder_id;
        return id !== undefined;
      });
      return id ?? '';
    };
    const settle = () => new Promise((resolve) => setTimeout(resolve, SEVERAL_ROUNDS_MS));

    it('raises one silence for a phone quiet past its usual quiet while a payment is pending, and its recovery when it speaks', async () => {
      const shop = await service.createTenant({ name: 'Quiet Phone' });
      expect((await send(shop, 'till')).status).toBe(200);
      const id = await listedId(shop, 'till');
      await register(shop);
      // A new phone's usual quiet is two hours: after one, nothing.
      clock.advance(HOUR);
      await settle();
      expect(await typesOf(id)).toEqual(['ForwarderSeen']);
      clock.advance(90 * MINUTE);
      await waitUntil(async () => (await typesOf(id)).includes('ForwarderWentSilent'));
      await settle();
      expect(await typesOf(id)).toEqual(['ForwarderSeen', 'ForwarderWentSilent']);
      const [silence] = (await service.app.get<EventStore>(EVENT_STORE).readStream(`forwarder-${id}`)).slice(-1);
      expect(silence.data).toMatchObject({ usualQuietMs: 2 * HOUR, pendingGateways: ['wallet_one'] });
      await waitUntil(async () => (await service.admin('GET', `/admin/forwarders?tenant_id=${shop.id}`)).body.data[0].silent_since !== null);

      expect((await send(shop, 'till')).status).toBe(200);
      expect(await typesOf(id)).toEqual(['ForwarderSeen', 'ForwarderWentSilent', 'ForwarderRecovered']);
      await waitUntil(async () => (await service.admin('GET', `/admin/forwarders?tenant_id=${shop.id}`)).body.data[0].silent_since === null);
    });

    it('raises nothing for a quiet phone whose tenant waits for no payment it carries, nor for a retired one', async () => {
      const idle = await service.createTenant({ name: 'Nothing Pending' });
      await send(idle, 'idle-phone');
      const idleId = await listedId(idle, 'idle-phone');
      const busy = await service.createTenant({ name: 'Retired Phone' });
      await send(busy, 'old-phone');
      const retiredId = await listedId(busy, 'old-phone');
      expect((await service.admin('POST', `/admin/forwarders/${retiredId}/retire`)).status).toBe(200);
      await register(busy);
      // A phone that forwards JazzCash (wallet_one) credits, whose tenant waits only for a bank transfer.
      const bankOnly = await service.createTenant({ name: 'Waits For The Bank' });
      await send(bankOnly, 'wallet-phone');
      const walletPhoneId = await listedId(bankOnly, 'wallet-phone');
      await waitUntil(async () => (await service.admin('GET', `/admin/sms?tenant_id=${bankOnly.id}&state=parsed`)).body.data.length === 1);
      await register(bankOnly, 'bank');
      clock.advance(3 * HOUR);
      await settle();
      expect(await typesOf(idleId)).toEqual(['ForwarderSeen']);
      expect(await typesOf(walletPhoneId)).toEqual(['ForwarderSeen']);
      expect(await typesOf(retiredId)).toEqual(['ForwarderSeen', 'ForwarderRetired']);
    });

    it('learns that a phone sends once a day: not silent hours after its SMS, silent past the ceiling', async () => {
      const shop = await service.createTenant({ name: 'Daily Phone' });
      for (let day = 0; day < 10; day++) {
        expect((await send(shop, 'daily')).status).toBe(200);
        clock.advance(DAY);
      }
      expect((await send(shop, 'daily')).status).toBe(200);
      const id = await listedId(shop, 'daily');
      await register(shop);
      // Three hours on, a new phone would be silent (two hours); this one usually waits a day.
      clock.advance(3 * HOUR);
      await settle();
      expect(await typesOf(id)).toEqual(['ForwarderSeen']);
      // A day is more than the ceiling (six hours): silent past the ceiling.
      clock.advance(4 * HOUR);
      await waitUntil(async () => (await typesOf(id)).includes('ForwarderWentSilent'));
    });

    it('counts no payment pending longer than twice the ceiling: an abandoned checkout awaits nothing', async () => {
      const shop = await service.createTenant({ name: 'Abandoned Checkout' });
      await register(shop);
      expect((await send(shop, 'hourly')).status).toBe(200);
      const id = await listedId(shop, 'hourly');
      for (let hour = 0; hour < 12; hour++) {
        clock.advance(HOUR);
        expect((await send(shop, 'hourly')).status).toBe(200);
      }
      // Quiet past its usual hour; its tenant's one pending payment is thirteen hours old (twice the ceiling is twelve).
      clock.advance(HOUR + MINUTE);
      await settle();
      expect(await typesOf(id)).toEqual(['ForwarderSeen']);
      // A payment awaited now makes the same quiet a silence.
      await register(shop);
      await waitUntil(async () => (await typesOf(id)).includes('ForwarderWentSilent'));
    });

    it('takes the word of an app that says its phone is offline once quiet past the floor', async () => {
      const shop = await service.createTenant({ name: 'Offline Phone' });
      await send(shop, 'said-offline');
      const id = await listedId(shop, 'said-offline');
      await register(shop, 'wallet_one');
      const beat = await service.request('POST', '/forwarders/heartbeat', { body: { status: 'offline' }, headers: { 'x-api-key': shop.apiKey, 'x-forwarder-id': 'said-offline' } });
      expect(beat.status).toBe(200);
      clock.advance(31 * MINUTE);
      await waitUntil(async () => (await typesOf(id)).includes('ForwarderWentSilent'));
      const [silence] = (await service.app.get<EventStore>(EVENT_STORE).readStream(`forwarder-${id}`)).slice(-1);
      expect(silence.data).toMatchObject({ usualQuietMs: 30 * MINUTE });
    });

    it('raises nothing new for a silence it already raised when the service starts again', async () => {
      const shop = await service.createTenant({ name: 'Restarted' });
      await send(shop, 'restart');
      const id = await listedId(shop, 'restart');
      await register(shop);
      clock.advance(3 * HOUR);
      await waitUntil(async () => (await typesOf(id)).includes('ForwarderWentSilent'));
      await service.close();
      service = await startTestService(options);
      await settle();
      expect(await typesOf(id)).toEqual(['ForwarderSeen', 'ForwarderWentSilent']);
    });

  });
}

onEachDatabaseThatRestarts(silenceSuite);

import { ServiceUnderTest, TestService, TestTenant, onEachDatabase, recordedSms, serviceOn } from '@pvs/embedded/testing';
import { EVENT_STORE, EventStore } from '@pvs/event-store';
import { jazzCashCredit, randomTransactionId, waitUntil } from '@pvs/testing';

const WALLET_ONE = '8558';
const credit = (reference: string) => jazzCashCredit({ reference, amount: '640.00' });

/** Each forwarder app's own webhook for one SMS, and the device it names (or null). */
const APPS = {
  smsGateway: (body: string, deviceId = 'ZXhhbXBsZS1waG9uZQ') => ({
    deviceId,
    event: 'sms:received',
    id: `x${randomTransactionId()}`,
    payload: { messageId: 'm1', message: body, phoneNumber: WALLET_ONE, simNumber: 1, receivedAt: '2026-11-26T14:22:10.000+05:00' },
    webhookId: 'w1',
  }),
  smsGatewayPing: (deviceId = 'ZXhhbXBsZS1waG9uZQ') => ({ deviceId, event: 'system:ping', id: 'p1', payload: { health: { status: 'pass' } }, webhookId: 'w2' }),
  httpSms: (body: string) => ({
    specversion: '1.0',
    type: 'message.phone.received',
    id: 'e1',
    source: '/v1/messages/receive',
    data: { contact: WALLET_ONE, content: body, owner: '+923001234567', sim: 'SIM1', timestamp: '2026-11-26T09:22:10.814Z' },
  }),
  httpSmsHeartbeat: (type: string) => ({
    specversion: '1.0',
    type,
    id: 'e2',
    source: '/v1/heartbeats',
    data: { owner: '+923001234567', phone_id: '1f0b5c4e-2a49-4a7c-9d0e-6c1e2f3a4b5c', timestamp: '2026-11-26T10:00:00Z', last_heartbeat_timestamp: '2026-11-26T09:00:00Z' },
  }),
  smsToUrl: (body: string) => ({ from: WALLET_ONE, text: body, sentStamp: '1764150130000', receivedStamp: 1764150131000, sim: 'sim1' }),
};

interface Listed {
  forwarder_id: string;
  app: string;
  device: string | null;
  name: string | null;
  heartbeat: { status: string; at: string } | null;
  retired_at: string | null;
  last_sms_at: string | null;
  sms_last_24h: number;
  accounts: { gateway: string; account: string | null; sim: number | null; first_seen_at: string }[];
}

function forwardersSuite(backend: string, start: () => Promise<ServiceUnderTest>) {
  describe(`forwarders on ${backend}`, () => {
    let service: TestService;
    let dispose: () => Promise<void>;

    beforeAll(async () => ({ service, dispose } = await start()));
    afterAll(() => dispose());

    const ingest = (tenant: TestTenant, body: unknown, headers: Record<string, string> = {}) =>
      service.request('POST', '/sms/ingest', { body, headers: { 'x-api-key': tenant.apiKey, ...headers } });
    const heartbeat = (tenant: TestTenant, body: unknown, headers: Record<string, string> = {}) =>
      service.request('POST', '/forwarders/heartbeat', { body, headers: { 'x-api-key': tenant.apiKey, ...headers } });
    const listed = async (tenant: TestTenant): Promise<Listed[]> => (await service.admin('GET', `/admin/forwarders?tenant_id=${tenant.id}`)).body.data;
    /** The forwarders as listed once the projections have caught up with `ready`. */
    const listedWhen = async (tenant: TestTenant, ready: (forwarders: Listed[]) => boolean): Promise<Listed[]> => {
      let forwarders: Listed[] = [];
      await waitUntil(async () => ready((forwarders = await listed(tenant))));
      return forwarders;
    };
    /** The forwarder the SMS naming `reference` came through (its text is sealed: opened by the service's vault). */
    const forwarderOf = async (reference: string): Promise<string | null> => {
      const received = (await recordedSms(service)).find(({ text }) => text?.includes(reference));
      if (!received) throw new Error(`No SMS recorded names ${reference}`);
      return received.event.data.forwarderId;
    };

    it("tells each app's phones apart by what its payload names, and finds its heartbeats on the same phone", async () => {
      const shop = await service.createTenant({ name: 'Forwarding Phones' });
      const references = [randomTransactionId(), randomTransactionId(), randomTransactionId(), randomTransactionId()];
      expect((await ingest(shop, APPS.smsGateway(credit(references[0])))).status).toBe(200);
      expect((await ingest(shop, APPS.smsGateway(credit(references[1]), 'c2Vjb25kLXBob25l'))).status).toBe(200);
      expect((await ingest(shop, APPS.httpSms(credit(references[2])))).status).toBe(200);
      expect((await ingest(shop, APPS.smsToUrl(credit(references[3])))).status).toBe(200);

      const ping = await ingest(shop, APPS.smsGatewayPing());
      expect(ping.status).toBe(200);
      expect(ping.body).toEqual({ heartbeat: 'online', forwarder_id: await forwarderOf(references[0]) });
      const offline = await ingest(shop, APPS.httpSmsHeartbeat('phone.heartbeat.offline'));
      expect(offline.body).toEqual({ heartbeat: 'offline', forwarder_id: await forwarderOf(references[2]) });

      const forwarders = await listedWhen(
        shop,
        (all) => all.length === 4 && all.every((forwarder) => forwarder.sms_last_24h === 1) && all.filter((forwarder) => forwarder.heartbeat !== null).length === 2,
      );
      const byDevice = Object.fromEntries(forwarders.map((forwarder) => [forwarder.device ?? forwarder.app, forwarder]));
      expect(byDevice).toEqual({
        ZXhhbXBsZS1waG9uZQ: expect.objectContaining({ app: 'sms_gateway_app', heartbeat: { status: 'online', at: expect.any(String) } }),
        c2Vjb25kLXBob25l: expect.objectContaining({ app: 'sms_gateway_app', heartbeat: null }),
        '+923001234567': expect.objectContaining({ app: 'httpsms', heartbeat: { status: 'offline', at: '2026-11-26T10:00:00.000Z' } }),
        sms_to_url_forwarder: expect.objectContaining({ device: null, heartbeat: null, last_sms_at: expect.any(String) }),
      });
      expect(new Set(await Promise.all(references.map(forwarderOf)))).toEqual(new Set(forwarders.map((forwarder) => forwarder.forwarder_id)));
    });

    it("tells Twilio numbers apart by the number the SMS was sent to", async () => {
      const shop = await service.createTenant({ name: 'Twilio Numbers' });
      const twilio = (reference: string, to: string) =>
        service.request('POST', '/sms/ingest', {
          rawBody: new URLSearchParams({ MessageSid: `SM${reference}`, AccountSid: 'AC1', From: WALLET_ONE, To: to, Body: credit(reference), NumMedia: '0' }).toString(),
          headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: `Basic ${Buffer.from(`twilio:${shop.gatewaySecret}`).toString('base64')}` },
        });
      const references = [randomTransactionId(), randomTransactionId(), randomTransactionId()];
      await twilio(references[0], '+15550001111');
      await twilio(references[1], '+15550001111');
      await twilio(references[2], '+15550002222');
      const [first, second, third] = await Promise.all(references.map(forwarderOf));
      expect(first).toBe(second);
      expect(third).not.toBe(first);
      const forwarders = await listedWhen(shop, (all) => all.reduce((sum, forwarder) => sum + forwarder.sms_last_24h, 0) === 3);
      expect(forwarders.map((forwarder) => [forwarder.app, forwarder.device, forwarder.sms_last_24h]).sort()).toEqual([
        ['twilio', '+15550001111', 2],
        ['twilio', '+15550002222', 1],
      ]);
    });

    it('lists the accounts whose money each phone carries, once per account and SIM, in the order first seen', async () => {
      const shop = await service.createTenant({ name: 'Carried Accounts' });
      const bankStyle = (reference: string) => `Dear Customer, Rs.1,500.00 has been credited to your account 0123****4567 on 27-Nov-2026. Ref: ${reference}. Available balance Rs.25,000.00`;
      const onSim = (body: string, sim: unknown) => ({ ...APPS.smsGateway(body), payload: { ...APPS.smsGateway(body).payload, simNumber: sim } });
      for (const body of [onSim(credit(randomTransactionId()), 1), onSim(credit(randomTransactionId()), 1), onSim(bankStyle(randomTransactionId()), 2), onSim(credit(randomTransactionId()), '2'), onSim('Your OTP is 482913. Do not share it.', 1), onSim(credit(randomTransactionId()), 'SIM 7 of 9')]) {
        await ingest(shop, body);
      }
      expect((await ingest(shop, APPS.httpSms(credit(randomTransactionId())))).status).toBe(200);

      const forwarders = await listedWhen(shop, (all) => all.reduce((sum, forwarder) => sum + forwarder.sms_last_24h, 0) === 7);
      const byApp = Object.fromEntries(forwarders.map((forwarder) => [forwarder.app, forwarder.accounts]));
      const jazzCash = { gateway: 'wallet_one', account: '03444160241', first_seen_at: expect.any(String) };
      expect(byApp).toEqual({
        sms_gateway_app: [
          { ...jazzCash, sim: 1 },
          { ...jazzCash, account: '0123****4567', sim: 2 },
          { ...jazzCash, sim: 2 },
          { ...jazzCash, sim: null },
        ],
        httpsms: [{ ...jazzCash, sim: 1 }],
      });
      // What the operator changes answers with the accounts too, as the stream holds them.
      const phone = forwarders.find((forwarder) => forwarder.app === 'httpsms');
      const named = await service.admin('PATCH', `/admin/forwarders/${phone?.forwarder_id}`, { name: 'Counter' });
      expect(named.body.data.accounts).toEqual(phone?.accounts);
    });

    it('records a new phone, and the account its first SMS carry, once when they arrive together', async () => {
      const shop = await service.createTenant({ name: 'Busy Phone' });
      const references = Array.from({ length: 12 }, randomTransactionId);
      const responses = await Promise.all(references.map((reference) => ingest(shop, APPS.smsGateway(credit(reference), 'YnVzeS1waG9uZQ'))));
      expect(responses.map((response) => response.status)).toEqual(references.map(() => 200));
      const ids = new Set(await Promise.all(references.map(forwarderOf)));
      expect(ids.size).toBe(1);
      const [id] = ids;
      const stream = await service.app.get<EventStore>(EVENT_STORE).readStream(`forwarder-${id}`);
      expect(stream.map((event) => event.type)).toEqual(['ForwarderSeen', 'ForwarderAccountSeen']);
    });

    it('names a phone its app does not name by the X-Forwarder-Id header, on its SMS and its heartbeats alike', async () => {
      const shop = await service.createTenant({ name: 'Header Phones' });
      const reference = randomTransactionId();
      await ingest(shop, APPS.smsToUrl(credit(reference)), { 'x-forwarder-id': 'counter-phone' });
      const beat = await heartbeat(shop, { status: 'online' }, { 'x-forwarder-id': 'counter-phone' });
      expect(beat.status).toBe(200);
      expect(beat.body).toEqual({ success: true, data: { heartbeat: 'online', forwarder_id: await forwarderOf(reference) } });
      const unnamed = await heartbeat(shop, {});
      expect(unnamed.body.data.forwarder_id).not.toBe(beat.body.data.forwarder_id);
      const forwarders = await listedWhen(shop, (all) => all.length === 2 && all.every((forwarder) => forwarder.heartbeat !== null));
      expect(forwarders.find((forwarder) => forwarder.device === 'counter-phone')).toMatchObject({ app: 'sms_to_url_forwarder', sms_last_24h: 1 });
      expect(forwarders.find((forwarder) => forwarder.device === null)).toMatchObject({ app: 'native', sms_last_24h: 0, last_sms_at: null });
    });

    it('is named and retired by an operator, and is back when it speaks again', async () => {
      const shop = await service.createTenant({ name: 'Retired Phones' });
      const reference = randomTransactionId();
      await ingest(shop, APPS.smsGateway(credit(reference), 'cmV0aXJlZA'));
      const id = await forwarderOf(reference);
      const named = await service.admin('PATCH', `/admin/forwarders/${id}`, { name: 'Shop counter' });
      expect(named.status).toBe(200);
      expect(named.body.data).toMatchObject({ forwarder_id: id, name: 'Shop counter', device: 'cmV0aXJlZA', retired_at: null });
      const retired = await service.admin('POST', `/admin/forwarders/${id}/retire`);
      expect(retired.body.data).toMatchObject({ name: 'Shop counter', retired_at: expect.any(String) });
      expect((await listedWhen(shop, ([forwarder]) => forwarder !== undefined && forwarder.retired_at !== null))[0]).toMatchObject({ name: 'Shop counter' });
      // Retiring again changes nothing; an SMS from the phone brings it back.
      expect((await service.admin('POST', `/admin/forwarders/${id}/retire`)).body.data.retired_at).toBe(retired.body.data.retired_at);
      await ingest(shop, APPS.smsGateway(credit(randomTransactionId()), 'cmV0aXJlZA'));
      expect((await listedWhen(shop, ([forwarder]) => forwarder?.retired_at === null && forwarder.sms_last_24h === 2))[0]).toMatchObject({ name: 'Shop counter' });
    });

    it.each([
      ['a forwarder never seen', 'PATCH', '/admin/forwarders/0b6f8a44-1c0e-4e55-9a86-3f2a1d7e9c10', { name: 'x' }, 404, 'Forwarder not found'],
      ['a forwarder id that is no UUID', 'POST', '/admin/forwarders/phone-1/retire', undefined, 404, 'Forwarder not found'],
      ['an empty name', 'PATCH', '/admin/forwarders/0b6f8a44-1c0e-4e55-9a86-3f2a1d7e9c10', { name: ' ' }, 422, undefined],
      ['a bad tenant filter', 'GET', '/admin/forwarders?tenant_id=shop', undefined, 422, 'tenant_id must be a UUID'],
    ])('refuses %s', async (_label, method, path, body, status, message) => {
      const response = await service.admin(method, path, body);
      expect(response.status).toBe(status);
      expect(response.body.success).toBe(false);
      if (message) expect(response.body.message).toBe(message);
    });

    it('refuses a forwarder header that is no plain identifier, and a heartbeat that says nonsense, with what is wrong', async () => {
      const shop = await service.createTenant({ name: 'Bad Headers' });
      const header = await ingest(shop, APPS.smsToUrl(credit(randomTransactionId())), { 'x-forwarder-id': 'x'.repeat(65) });
      expect(header.status).toBe(400);
      expect(header.body).toEqual({ success: false, message: expect.stringMatching(/^X-Forwarder-Id /) });
      expect((await heartbeat(shop, { status: 'asleep' })).body).toEqual({ success: false, message: 'status must be one of: online, offline' });
      expect((await heartbeat(shop, { at: 'yesterday' })).body).toEqual({ success: false, message: 'at must be an ISO 8601 date-time' });
      expect((await service.request('POST', '/forwarders/heartbeat', { body: {} })).status).toBe(401);
    });

    it('provisions a phone its own key, which authenticates and names it; a new key replaces the old one at once, and a revoked one is refused', async () => {
      const shop = await service.createTenant({ name: 'Keyed Phones' });
      const provisioned = await service.admin('POST', '/admin/forwarders', { tenant_id: shop.id, device: 'counter-phone' });
      expect(provisioned.status).toBe(201);
      const { forwarder_id: id, forwarder_key: key, credential_key_id: keyId } = provisioned.body.data;
      expect(key).toMatch(new RegExp(`^pvsfw_${keyId}_[A-Za-z0-9_-]{43}$`));
      const asPhone = (secret: string, headers: Record<string, string> = {}) => ({ 'x-gateway-secret': secret, ...headers });
      const sms = (secret: string, headers: Record<string, string> = {}) =>
        service.request('POST', '/sms/ingest', { body: APPS.smsToUrl(credit(randomTransactionId())), headers: asPhone(secret, headers) });

      // The key alone: the tenant's phone named counter-phone, as X-Forwarder-Id would name it.
      expect((await sms(key)).status).toBe(200);
      const basic = `Basic ${Buffer.from(`phone:${key}`).toString('base64')}`;
      expect((await service.request('POST', '/forwarders/heartbeat', { body: {}, headers: { authorization: basic } })).body.data).toEqual({ heartbeat: 'online', forwarder_id: id });
      expect((await sms(key, { 'x-forwarder-id': 'counter-phone' })).status).toBe(200);
      const elsewhere = await sms(key, { 'x-forwarder-id': 'kitchen-phone' });
      expect(elsewhere).toMatchObject({ status: 400, body: { message: 'X-Forwarder-Id names another phone than the forwarder key' } });
      await waitUntil(async () => (await listed(shop)).some((phone) => phone.forwarder_id === id && phone.sms_last_24h === 2));
      expect((await listed(shop)).map((phone) => phone.device)).toEqual(['counter-phone']);

      const replaced = await service.admin('POST', `/admin/forwarders/${id}/credential`);
      expect(replaced.status).toBe(200);
      expect((await sms(key)).status).toBe(401);
      expect((await sms(replaced.body.data.forwarder_key)).status).toBe(200);
      const revoked = await service.admin('POST', `/admin/forwarders/${id}/credential/revoke`);
      expect(revoked.body.data).toMatchObject({ forwarder_id: id, credential_key_id: null });
      // Read at once, the list shows what the answer said.
      expect((await service.admin('GET', `/admin/forwarders?tenant_id=${shop.id}`)).body.data).toMatchObject([{ forwarder_id: id, credential_key_id: null }]);
      expect((await sms(replaced.body.data.forwarder_key)).status).toBe(401);
      const types = (await service.app.get<EventStore>(EVENT_STORE).readStream(`forwarder-${id}`)).map((event) => event.type);
      expect(types.filter((type) => type.startsWith('ForwarderCredential'))).toEqual(['ForwarderCredentialIssued', 'ForwarderCredentialIssued', 'ForwarderCredentialRevoked']);
      const stored = JSON.stringify(await service.app.get<EventStore>(EVENT_STORE).readStream(`forwarder-${id}`));
      expect(stored).not.toContain(key.slice(-43));
    });

    it('keeps keys for phones named by their merchant: a phone its app names, or an unknown tenant, is refused', async () => {
      const shop = await service.createTenant({ name: 'Named By Its App' });
      expect((await ingest(shop, APPS.smsGateway(credit(randomTransactionId()), 'c2hvcC1waG9uZQ'))).status).toBe(200);
      let id = '';
      await waitUntil(async () => ((id = (await listed(shop))[0]?.forwarder_id ?? ''), id !== ''));
      expect(await service.admin('POST', `/admin/forwarders/${id}/credential`)).toMatchObject({ status: 409 });
      expect(await service.admin('POST', '/admin/forwarders', { tenant_id: '00000000-0000-4000-8000-000000000000', device: 'x' })).toMatchObject({ status: 404 });
      expect(await service.admin('POST', '/admin/forwarders', { tenant_id: shop.id, device: ' ' })).toMatchObject({ status: 422 });
      expect((await service.request('POST', '/sms/ingest', { body: APPS.smsToUrl(credit(randomTransactionId())), headers: { 'x-forwarder-key': `pvsfw_${'0'.repeat(16)}_${'a'.repeat(43)}` } })).status).toBe(401);
    });
  });
}

onEachDatabase((backend, open) => forwardersSuite(backend, () => serviceOn(open)));

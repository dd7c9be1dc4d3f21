import { ServiceUnderTest, TestService, TestTenant, onEachDatabase, serviceOn } from '@pvs/embedded/testing';
import { EVENT_STORE, EventStore } from '@pvs/event-store';
import { READ_MODEL_DATABASE } from '@pvs/runtime';
import { SqlClient } from '@pvs/sql';
import { waitUntil } from '@pvs/testing';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

function merchantApiSuite(backend: string, start: () => Promise<ServiceUnderTest>) {
  describe(`merchant API over HTTP on ${backend}`, () => {
    let service: TestService;
    let dispose: () => Promise<void>;
    let merchant: TestTenant;
    let reference = 0;
    const nextReference = () => `TID${Date.now()}${++reference}`;

    beforeAll(async () => {
      ({ service, dispose } = await start());
      merchant = await service.createTenant({ name: 'Karachi Kitchen' });
    });

    afterAll(() => dispose());

    const verify = (body: unknown, apiKey = merchant.apiKey) =>
      service.request('POST', '/payments/verify', { body, headers: { 'x-api-key': apiKey } });
    const status = (uuid: string, apiKey = merchant.apiKey) =>
      service.request('GET', `/payments/status/${uuid}`, { headers: { 'x-api-key': apiKey } });
    const intent = (overrides: Record<string, unknown> = {}) => ({
      gateway: 'wallet_one',
      transaction_reference: nextReference(),
      amount: 1499.99,
      ...overrides,
    });

    describe('GET /system/health', () => {
      it('reports every service ok without a credential', async () => {
        const response = await service.request('GET', '/system/health');
        expect(response.status).toBe(200);
        expect(response.body).toEqual({
          status: 'healthy',
          timestamp: expect.stringMatching(ISO_UTC),
          services: { database: 'ok', cache: 'ok', queue: 'ok' },
        });
      });
    });

    describe('admin API', () => {
      it('refuses a missing or wrong admin token with 401', async () => {
        const missing = await service.request('POST', '/admin/tenants', { body: { name: 'x' } });
        const wrong = await service.request('POST', '/admin/tenants', {
          body: { name: 'x' },
          headers: { authorization: 'Bearer not-the-token' },
        });
        for (const response of [missing, wrong]) {
          expect(response.status).toBe(401);
          expect(response.body).toEqual({ success: false, message: 'Missing or invalid admin token' });
        }
      });

      it('creates a tenant and shows its secrets only once', async () => {
        const created = await service.admin('POST', '/admin/tenants', {
          name: 'Lahore Books',
          webhook_url: 'https://merchant.example/webhooks',
          allowed_senders: { wallet_two: ['3737'] },
          unpaid_cycle_limit: 2,
        });
        expect(created.status).toBe(201);
        expect(created.body).toEqual({
          success: true,
          data: {
            id: expect.stringMatching(/^[0-9a-f-]{36}$/),
            name: 'Lahore Books',
            status: 'active',
            unpaid_cycles: 0,
            unpaid_cycle_limit: 2,
            webhook_url: 'https://merchant.example/webhooks',
            allowed_senders: { wallet_two: ['3737'] },
            receiving_accounts: null,
            balance_check: 'record',
            verification_policy: 'standard',
            alert_webhooks: [],
            raast_qr: null,
            payer_data_retention_days: 180,
            twilio_signature_check: false,
            created_at: expect.stringMatching(ISO_UTC),
            api_key: expect.stringMatching(/^pvs_[0-9a-f]{16}_[A-Za-z0-9_-]{43}$/),
            webhook_secret: expect.stringMatching(/^whsec_[A-Za-z0-9+/]{43}=$/),
            gateway_secret: expect.stringMatching(/^pvsgw_[0-9a-f]{16}_[A-Za-z0-9_-]{43}$/),
          },
        });
        const { id, api_key, webhook_secret, gateway_secret } = created.body.data;

        const shown = await service.admin('GET', `/admin/tenants/${id}`);
        expect(shown.status).toBe(200);
        expect(shown.body.data).not.toHaveProperty('api_key');
        const everything = JSON.stringify((await service.admin('GET', '/admin/tenants')).body);
        const recorded = JSON.stringify(await service.app.get<EventStore>(EVENT_STORE).readStream(`tenant-${id}`));
        for (const secret of [api_key, webhook_secret, gateway_secret]) {
          expect(everything).not.toContain(secret);
          const secretPart = secret.replace(/^(?:pvs_[0-9a-f]{16}_|pvsgw_[0-9a-f]{16}_|whsec_)/, '');
          expect(recorded).not.toContain(secretPart);
        }
        expect((await verify(intent(), api_key)).status).toBe(200);
      });

      it.each([
        [{}, 'name must be'],
        [{ name: 'x', colour: 'red' }, 'property colour should not exist'],
        [{ name: 'x', webhook_url: 'ftp://merchant.example' }, 'webhook_url must be an http(s) URL'],
        [{ name: 'x', allowed_senders: { wallet_one: 'not-a-list' } }, 'allowed_senders.wallet_one'],
        [{ name: 'x', unpaid_cycle_limit: 0 }, 'unpaid_cycle_limit must not be less than 1'],
        // Found by Schemathesis: null passed IsOptional and reached the TenantRegistered event.
        [{ name: 'x', unpaid_cycle_limit: null }, 'unpaid_cycle_limit must be an integer number'],
      ])('refuses an invalid tenant %j with 422', async (body, message) => {
        const response = await service.admin('POST', '/admin/tenants', body);
        expect(response.status).toBe(422);
        expect(response.body.success).toBe(false);
        expect(response.body.message).toContain(message);
      });

      it('changes settings, records what changed, and answers 404 for an unknown tenant', async () => {
        const tenant = await service.createTenant();
        const changed = await service.admin('PATCH', `/admin/tenants/${tenant.id}`, { unpaid_cycles: 1, webhook_url: 'https://shop.example/hook' });
        expect(changed.status).toBe(200);
        expect(changed.body.data).toMatchObject({ id: tenant.id, unpaid_cycles: 1, webhook_url: 'https://shop.example/hook' });
        expect(changed.body.data).not.toHaveProperty('webhook_secret');

        const history = await service.app.get<EventStore>(EVENT_STORE).readStream(`tenant-${tenant.id}`);
        expect(history.map((e) => e.type)).toEqual(['TenantRegistered', 'TenantUpdated']);
        expect(history[1].data).toMatchObject({
          changes: { unpaidCycles: 1, webhookUrl: 'https://shop.example/hook' },
          previous: { unpaidCycles: 0, webhookUrl: null },
        });

        expect((await service.admin('PATCH', '/admin/tenants/00000000-0000-4000-8000-000000000000', { status: 'suspended' })).status).toBe(404);
        expect((await service.admin('PATCH', '/admin/tenants/not-a-uuid', { status: 'suspended' })).status).toBe(404);
        const invalid = await service.admin('PATCH', `/admin/tenants/${tenant.id}`, { status: 'deleted' });
        expect(invalid.status).toBe(422);
        expect(invalid.body.message).toBe('status must be one of: active, suspended');
        const nulled = await service.admin('PATCH', `/admin/tenants/${tenant.id}`, { unpaid_cycles: null });
        expect(nulled.status).toBe(422);
        expect(nulled.body.message).toContain('unpaid_cycles must be an integer number');
        expect(await service.app.get<EventStore>(EVENT_STORE).readStream(`tenant-${tenant.id}`)).toHaveLength(2);
      });
    });

    describe('POST /payments/verify', () => {
      it('registers an intent as pending with every field of spec 2.2', async () => {
        const body = intent({ amount: 2350.5, sender_source: '03001234567', client_metadata: { order_id: 'A-17' } });
        const response = await verify(body);
        expect(response.status).toBe(200);
        expect(response.body).toEqual({
          success: true,
          message: 'Payment registered; awaiting verification',
          data: {
            uuid: expect.stringMatching(UUID),
            status: 'pending',
            gateway: 'wallet_one',
            transaction_reference: body.transaction_reference,
            amount_expected: 2350.5,
            created_at: expect.stringMatching(ISO_UTC),
          },
        });
      });

      it('answers the same reference again with the same payment, however it is written', async () => {
        const first = await verify(intent({ transaction_reference: 'tid: 7182-0394-5561', amount: 100 }));
        const again = await verify(intent({ transaction_reference: 'TID 718203945561', amount: 100.0 }));
        expect(again.status).toBe(200);
        expect(again.body.data.uuid).toBe(first.body.data.uuid);
        expect(again.body.data.transaction_reference).toBe('tid: 7182-0394-5561');
        expect(again.body.message).toBe('Payment already registered; awaiting verification');
        const recorded = await service.app.get<EventStore>(EVENT_STORE).readStream(`payment-${first.body.data.uuid}`);
        expect(recorded).toHaveLength(1);
      });

      it('refuses the same reference with another amount, and keeps the first', async () => {
        const body = intent({ amount: 500 });
        const first = await verify(body);
        const other = await verify({ ...body, amount: 500.01 });
        expect(other.status).toBe(422);
        expect(other.body).toEqual({
          success: false,
          message: 'transaction_reference is already registered for wallet_one with amount 500; a reference can be registered only once',
        });
        expect((await status(first.body.data.uuid)).body.data.amount_expected).toBe(500);
      });

      it('registers one reference separately per gateway and per tenant', async () => {
        const other = await service.createTenant();
        const body = intent();
        const ids = [
          (await verify(body)).body.data.uuid,
          (await verify({ ...body, gateway: 'bank' })).body.data.uuid,
          (await verify(body, other.apiKey)).body.data.uuid,
        ];
        expect(new Set(ids).size).toBe(3);
      });

      it('keeps amounts exact to the paisa', async () => {
        for (const amount of [0.01, 0.1, 0.3, 1.15, 99999999.99, 100000000]) {
          const response = await verify(intent({ amount }));
          expect(response.status).toBe(200);
          expect(response.body.data.amount_expected).toBe(amount);
        }
      });

      it.each([
        [undefined, 'Missing or invalid API key'],
        ['pvs_0000000000000000_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA', 'Missing or invalid API key'],
        ['garbage', 'Missing or invalid API key'],
      ])('refuses API key %s with 401', async (apiKey, message) => {
        const response = await service.request('POST', '/payments/verify', {
          body: intent(),
          headers: apiKey ? { 'x-api-key': apiKey } : {},
        });
        expect(response.status).toBe(401);
        expect(response.body).toEqual({ success: false, message });
      });

      it('refuses a gateway secret in place of the API key', async () => {
        expect((await verify(intent(), merchant.gatewaySecret)).status).toBe(401);
      });

      const withoutGateway = ({ gateway: _omitted, ...rest }: Record<string, unknown>) => rest;
      it.each([
        ['no gateway', withoutGateway, 'gateway must be one of: wallet_one, wallet_two, bank'],
        ['an unknown gateway', { gateway: 'paypal' }, 'gateway must be one of'],
        ['an amount as a string', { amount: '100' }, 'amount must be a number with at most 2 decimals'],
        ['an amount with 3 decimals', { amount: 10.005 }, 'amount must be a number with at most 2 decimals'],
        ['a zero amount', { amount: 0 }, 'amount must be at least 0.01'],
        ['a negative amount', { amount: -5 }, 'amount must be at least 0.01'],
        ['an amount over the bound', { amount: 100000000.01 }, 'amount must be at most 100000000'],
        ['an empty reference', { transaction_reference: '' }, 'transaction_reference must not be empty or blank'],
        ['a 65-character reference', { transaction_reference: 'x'.repeat(65) }, 'transaction_reference must be at most 64 characters'],
        ['a reference of punctuation only', { transaction_reference: ' -/- ' }, 'transaction_reference must contain letters or digits'],
        ['a numeric reference', { transaction_reference: 42 }, 'transaction_reference must be a string'],
        ['a reference of spaces', { transaction_reference: '   ' }, 'transaction_reference must not be empty or blank'],
        ['a reference with a bidi override', { transaction_reference: 'TID\u202E321' }, 'transaction_reference must not contain control, bidi or zero-width characters'],
        ['a reference with a zero-width space', { transaction_reference: 'TID\u200B321' }, 'transaction_reference must not contain control, bidi or zero-width characters'],
        ['an amount of 1e-7', { amount: 1e-7 }, 'amount must be a number with at most 2 decimals'],
        ['an amount of 5e-7', { amount: 5e-7 }, 'amount must be a number with at most 2 decimals'],
        ['client_metadata 40 levels deep', { client_metadata: JSON.parse(`${'{"a":'.repeat(40)}1${'}'.repeat(40)}`) }, 'The request body nests deeper than 32 levels'],
        ['a javascript: callback_url', { callback_url: 'javascript:alert(1)' }, 'callback_url must be an http(s) URL'],
        ['client_metadata as an array', { client_metadata: ['a'] }, 'client_metadata must be a JSON object'],
        ['client_metadata over 4 KB', { client_metadata: { blob: 'x'.repeat(5000) } }, 'client_metadata must be at most 4096 bytes of JSON'],
        ['a numeric sender_source', { sender_source: 3001234567 }, 'sender_source must be a string'],
        ['an unknown field', { merchant_id: 7 }, 'property merchant_id should not exist'],
        // jsonb cannot store these: refused before they reach the event store (found as 500s by Schemathesis).
        ['a NUL character', { transaction_reference: 'TID\u0000123' }, 'body.transaction_reference contains a NUL character or invalid Unicode'],
        ['a lone surrogate', { client_metadata: { note: 'x\uD83D' } }, 'body.client_metadata.note contains a NUL character or invalid Unicode'],
      ])('refuses %s with 422', async (_label, change, message) => {
        const body = typeof change === 'function' ? change(intent()) : { ...intent(), ...change };
        const response = await verify(body);
        expect(response.status).toBe(422);
        expect(response.body.success).toBe(false);
        expect(response.body.message).toContain(message);
      });

      it('refuses bodies that are not a JSON object', async () => {
        const headers = { 'x-api-key': merchant.apiKey, 'content-type': 'application/json' };
        const notJson = await service.request('POST', '/payments/verify', { rawBody: '{"gateway":', headers });
        expect(notJson.status).toBe(400);
        expect(notJson.body.success).toBe(false);
        const array = await service.request('POST', '/payments/verify', { rawBody: '[1,2]', headers });
        expect(array.status).toBe(422);
        expect(array.body).toEqual({ success: false, message: 'The request body must be a JSON object' });
        const text = await service.request('POST', '/payments/verify', {
          rawBody: 'gateway=bank',
          headers: { 'x-api-key': merchant.apiKey, 'content-type': 'text/plain' },
        });
        expect(text.status).toBe(415);
        expect(text.body).toEqual({ success: false, message: 'Unsupported content type: send application/json' });
        const huge = await verify({ ...intent(), client_metadata: { blob: 'x'.repeat(70 * 1024) } });
        expect(huge.status).toBe(413);
        expect(huge.body).toEqual({ success: false, message: 'The request body exceeds the limit of 64 KB' });
      });

      it('answers 402 while the tenant is suspended or at its unpaid-cycle limit', async () => {
        const tenant = await service.createTenant({ unpaid_cycle_limit: 2 });
        const patch = (body: unknown) => service.admin('PATCH', `/admin/tenants/${tenant.id}`, body);

        await patch({ status: 'suspended' });
        expect((await verify(intent(), tenant.apiKey)).body).toEqual({ success: false, message: 'Tenant is suspended' });
        await patch({ status: 'active', unpaid_cycles: 2 });
        const atLimit = await verify(intent(), tenant.apiKey);
        expect(atLimit.status).toBe(402);
        expect(atLimit.body).toEqual({ success: false, message: 'Unpaid cycle limit reached' });
        await patch({ unpaid_cycles: 1 });
        expect((await verify(intent(), tenant.apiKey)).status).toBe(200);
      });

      it('limits each tenant to 60 registrations a minute with 429 and Retry-After', async () => {
        const busy = await service.createTenant();
        const calm = await service.createTenant();
        const answers = await Promise.all(Array.from({ length: 60 }, () => verify(intent(), busy.apiKey)));
        expect(answers.every((a) => a.status === 200)).toBe(true);

        const limited = await verify(intent(), busy.apiKey);
        expect(limited.status).toBe(429);
        expect(limited.body.success).toBe(false);
        expect(limited.body.message).toMatch(/^Rate limit exceeded: 60 requests per 60 seconds/);
        expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
        expect((await verify(intent(), calm.apiKey)).status).toBe(200);
      });
    });

    describe('GET /payments/status/{uuid}', () => {
      it('shows a payment just registered with every field of spec 2.3', async () => {
        const body = intent({ gateway: 'bank', amount: 75000 });
        const { uuid } = (await verify(body)).body.data;
        const response = await status(uuid);
        expect(response.status).toBe(200);
        expect(response.body).toEqual({
          success: true,
          data: {
            uuid,
            gateway: 'bank',
            transaction_reference: body.transaction_reference,
            amount_expected: 75000,
            amount_detected: null,
            status: 'pending',
            verified_at: null,
          },
        });
      });

      it("is folded from the payment's own events, whatever the read model holds", async () => {
        const registered = (await verify(intent())).body.data;
        const readModel = service.app.get<SqlClient>(READ_MODEL_DATABASE);
        await waitUntil(async () => (await readModel.query('SELECT 1 FROM rm_payments WHERE uuid = $1', [registered.uuid])).length === 1);
        await readModel.query(`UPDATE rm_payments SET transaction_reference = 'from-read-model', status = 'verified' WHERE uuid = $1`, [registered.uuid]);
        expect((await status(registered.uuid)).body.data).toMatchObject({ transaction_reference: registered.transaction_reference, status: 'pending' });
      });

      it("answers 404 for an unknown, malformed or another tenant's uuid, and 401 without a key", async () => {
        const { uuid } = (await verify(intent())).body.data;
        const stranger = await service.createTenant();
        for (const response of [
          await status(uuid, stranger.apiKey),
          await status('00000000-0000-5000-8000-000000000000'),
          await status('not-a-uuid'),
          await status("1' OR '1'='1"),
        ]) {
          expect(response.status).toBe(404);
          expect(response.body).toEqual({ success: false, message: 'Transaction not found' });
        }
        const anonymous = await service.request('GET', `/payments/status/${uuid}`);
        expect(anonymous.status).toBe(401);
        expect(anonymous.body).toEqual({ success: false, message: 'Missing or invalid API key' });
      });
    });

    it('answers an unknown route with a 404 error body', async () => {
      const response = await service.request('GET', '/payments');
      expect(response.status).toBe(404);
      expect(response.body.success).toBe(false);
    });

    it('records the caller\'s request id as the correlation id of the events', async () => {
      const response = await service.request('POST', '/payments/verify', {
        body: intent(),
        headers: { 'x-api-key': merchant.apiKey, 'x-request-id': 'checkout-42' },
      });
      expect(response.headers.get('x-request-id')).toBe('checkout-42');
      const [registered] = await service.app.get<EventStore>(EVENT_STORE).readStream(`payment-${response.body.data.uuid}`);
      expect(registered.metadata).toEqual({ tenantId: merchant.id, correlationId: 'checkout-42', schemaVersion: 1 });
    });
  });
}

onEachDatabase((backend, open) => merchantApiSuite(backend, () => serviceOn(open)));

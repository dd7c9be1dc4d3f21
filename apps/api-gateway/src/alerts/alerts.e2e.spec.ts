import { randomBytes } from 'node:crypto';
import { WebhookEvent, verifyWebhook } from '@pvs/client';
import { PAYMENT_WEBHOOK_EVENTS } from '@pvs/contracts';
import { TestService, TestServiceOptions, TestTenant, WebhookReceiver, movableClock, onEachDatabaseThatRestarts, startTestService } from '@pvs/embedded/testing';
import { documentedSchemas, jazzCashCredit, randomTransactionId, waitUntil } from '@pvs/testing';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** Long enough for the watches (every 100 ms here) to have looked several times. */
const SEVERAL_ROUNDS_MS = 800;
const ALL_ALERTS = ['forwarder.silent', 'forwarder.recovered', 'sms.gap_suspected', 'payment.stalled', 'payment.review_required'];
const pkr = (paisa: number) => (paisa / 100).toLocaleString('en-US', { minimumFractionDigits: 2 });
const hblCredit = (amount: number, balance: number) => `PKR ${pkr(amount)} credited to your A/C **1234 from ALI RAZA. Ref HB${randomTransactionId()}. Avl Bal: PKR ${pkr(balance)}`;

/** The alert an alert webhook names; undefined for any other webhook. */
const alertIdOf = (event: WebhookEvent | undefined): string | undefined => (event && 'alert_id' in event.data ? event.data.alert_id : undefined);

interface Alert {
  alert_id: string;
  kind: string;
  subject_id: string;
  summary: string;
  details: Record<string, unknown>;
  cleared_at: string | null;
  cleared_by: string | null;
  acknowledged_by: string | null;
  note: string | null;
}

function alertsSuite(backend: string, open: () => Promise<{ options: TestServiceOptions; drop(): Promise<void> }>) {
  describe(`alerts on ${backend}`, () => {
    const clock = movableClock();
    const receiver = new WebhookReceiver();
    let service: TestService;
    let options: TestServiceOptions;
    let drop: () => Promise<void>;

    beforeAll(async () => {
      await receiver.start();
      const database = await open();
      options = {
        ...database.options,
        clock,
        watchIntervalMs: 100,
        gapSettleMs: 5 * MINUTE,
        stall: { floorMs: 10 * MINUTE, defaultMs: 10 * MINUTE },
        secretsKey: randomBytes(32),
        adminToken: randomBytes(24).toString('base64url'),
        metricsToken: randomBytes(24).toString('base64url'),
      };
      drop = () => database.drop();
      service = await startTestService(options);
    });

    afterAll(async () => {
      await service.close();
      await drop();
      await receiver.stop();
    });

    const optedIn = (name: string, events = ALL_ALERTS) => service.createTenant({ name, webhook_url: receiver.url, alert_webhooks: events });
    const alerts = async (tenant: TestTenant, query = ''): Promise<Alert[]> => (await service.admin('GET', `/admin/alerts?tenant_id=${tenant.id}${query}`)).body.data;
    /** The alert webhooks the tenant's endpoint got, verified with the merchant SDK (of these kinds only, when given). */
    const ofTenant = (tenant: TestTenant, kinds = ALL_ALERTS) => {
      const mine: WebhookEvent[] = [];
      for (const webhook of receiver.received) {
        try {
          // Signed at the service's time, which the test moves.
          mine.push(verifyWebhook(webhook.rawBody, webhook.headers, tenant.webhookSecret, { now: clock.now() }));
        } catch {
          // another tenant's, signed with its own secret
        }
      }
      return mine.filter((event) => kinds.includes(event.event));
    };
    const register = async (tenant: TestTenant, gateway = 'wallet_one', amount = 100, reference = randomTransactionId()) =>
      (await service.request('POST', '/payments/verify', { body: { gateway, transaction_reference: reference, amount }, headers: { 'x-api-key': tenant.apiKey } })).body.data.uuid as string;
    const sendFrom = (tenant: TestTenant, phone: string, body = jazzCashCredit({ reference: randomTransactionId(), amount: '640.00' }), sender = '8558') =>
      service.request('POST', '/sms/ingest', { body: { sender, body }, headers: { 'x-api-key': tenant.apiKey, 'x-forwarder-id': phone } });
    const settle = () => new Promise((resolve) => setTimeout(resolve, SEVERAL_ROUNDS_MS));
    const phoneListed = (tenant: TestTenant) =>
      waitUntil(async () => (await service.admin('GET', `/admin/forwarders?tenant_id=${tenant.id}`)).body.data.some((phone: { last_heard_at: string | null }) => phone.last_heard_at !== null));

    it('tells the merchant once that a phone went silent while a payment waits, and once that it spoke again', async () => {
      const shop = await optedIn('Silent Phone Shop');
      expect((await sendFrom(shop, 'till')).status).toBe(200);
      await phoneListed(shop);
      await register(shop);
      clock.advance(2 * HOUR + MINUTE);
      await waitUntil(async () => ofTenant(shop).some((event) => event.event === 'forwarder.silent'));
      await settle();
      const phoneEvents = ['forwarder.silent', 'forwarder.recovered'];
      const [silent] = ofTenant(shop, phoneEvents);
      expect(ofTenant(shop, phoneEvents).map((event) => event.event)).toEqual(['forwarder.silent']);
      expect(silent?.data).toMatchObject({ usual_quiet_minutes: 120, pending_gateways: ['wallet_one'] });
      const [alert] = await alerts(shop, '&kind=forwarder.silent');
      expect(alert).toMatchObject({ alert_id: alertIdOf(silent), cleared_at: null });
      expect(alert?.summary).toContain('till');

      // A restart in the middle of the silence tells nobody again.
      await service.close();
      service = await startTestService(options);
      await settle();
      expect(ofTenant(shop, phoneEvents).map((event) => event.event)).toEqual(['forwarder.silent']);

      expect((await sendFrom(shop, 'till')).status).toBe(200);
      await waitUntil(async () => ofTenant(shop).some((event) => event.event === 'forwarder.recovered'));
      const recovered = ofTenant(shop).find((event) => event.event === 'forwarder.recovered');
      expect(alertIdOf(recovered)).toBe(alert?.alert_id);
      await waitUntil(async () => (await alerts(shop, '&state=cleared')).some((cleared) => cleared.cleared_by === 'forwarder.recovered'));
    });

    it('sends no alert webhook to a merchant who did not opt in, and lists the alert for operators all the same', async () => {
      const quiet = await service.createTenant({ name: 'Not Opted In', webhook_url: receiver.url });
      await sendFrom(quiet, 'till');
      await phoneListed(quiet);
      await register(quiet);
      clock.advance(2 * HOUR + MINUTE);
      await waitUntil(async () => (await alerts(quiet)).some((alert) => alert.kind === 'forwarder.silent'));
      await settle();
      expect(ofTenant(quiet)).toEqual([]);
    });

    it('acknowledges an alert under the operator\'s name, once', async () => {
      const shop = await optedIn('Acknowledged', []);
      await sendFrom(shop, 'till');
      await phoneListed(shop);
      await register(shop);
      clock.advance(2 * HOUR + MINUTE);
      await waitUntil(async () => (await alerts(shop, '&kind=forwarder.silent')).length > 0);
      const [alert] = await alerts(shop, '&kind=forwarder.silent');
      const ayesha = (await service.admin('POST', '/admin/operators', { name: 'Ayesha' })).body.data;
      const acknowledge = (token: string, note: string) =>
        service.request('POST', `/admin/alerts/${alert?.alert_id}/acknowledge`, { body: { note }, headers: { authorization: `Bearer ${token}` } });
      const first = await acknowledge(ayesha.token, 'calling the shop');
      expect(first.status).toBe(200);
      expect(first.body.data).toMatchObject({ acknowledged_by: 'Ayesha', note: 'calling the shop' });
      // Read at once, the list shows what the answer said.
      expect((await alerts(shop, '&kind=forwarder.silent')).map((listed) => listed.acknowledged_by)).toEqual(['Ayesha']);
      const again = await service.admin('POST', `/admin/alerts/${alert?.alert_id}/acknowledge`, { note: 'me too' });
      expect(again.body.data).toMatchObject({ acknowledged_by: 'Ayesha', note: 'calling the shop' });
      await waitUntil(async () => (await alerts(shop, '&kind=forwarder.silent&state=unacknowledged')).length === 0);
      expect((await service.admin('POST', `/admin/alerts/${randomUuid()}/acknowledge`, {})).status).toBe(404);
      expect((await service.admin('GET', '/admin/alerts?state=forgotten')).status).toBe(422);
    });

    describe('a payment stalled, with its likeliest reason', () => {
      it('none known: nothing was seen of it', async () => {
        const shop = await optedIn('Stalled, Nothing Seen');
        const payment = await register(shop, 'wallet_two', 250);
        clock.advance(21 * MINUTE);
        await waitUntil(async () => (await alerts(shop, '&kind=payment.stalled')).length === 1);
        const [stalled] = await alerts(shop, '&kind=payment.stalled');
        expect(stalled).toMatchObject({ subject_id: payment, details: { reason: 'none_known', usualMs: 10 * MINUTE } });
        await waitUntil(async () => ofTenant(shop).some((event) => event.event === 'payment.stalled'));
        expect(ofTenant(shop).find((event) => event.event === 'payment.stalled')?.data).toMatchObject({ uuid: payment, reason: 'none_known', usual_minutes: 10, amount_expected: 250 });
      });

      it('sms rejected: an SMS naming its reference was not read, and would be read now that its sender is allowed', async () => {
        const shop = await optedIn('Stalled, SMS Rejected');
        const reference = randomTransactionId();
        const payment = await register(shop, 'wallet_one', 640, reference);
        const unread = await sendFrom(shop, 'till', jazzCashCredit({ reference, amount: '640.00' }), 'JCASH-ALERT');
        expect(unread.status).toBe(422);
        await service.admin('PATCH', `/admin/tenants/${shop.id}`, { allowed_senders: { wallet_one: ['8558', 'JCASH-ALERT'] } });
        clock.advance(21 * MINUTE);
        await waitUntil(async () => (await alerts(shop, '&kind=payment.stalled')).length === 1);
        const [stalled] = await alerts(shop, '&kind=payment.stalled');
        expect(stalled).toMatchObject({ subject_id: payment, details: { reason: 'sms_rejected', evidence: { rejectedSms: { reason: 'untrusted_sender', readableNow: true } } } });
      });

      it('gap suspected: the balances say a credit of its amount arrived with no SMS seen', async () => {
        const shop = await optedIn('Stalled, Gap');
        const payment = await register(shop, 'bank', 2_500);
        const start = new Date(clock.now().getTime() - 30 * MINUTE);
        const dated = (body: string, minutes: number) =>
          service.request('POST', '/sms/ingest', { body: { sender: 'HBL', body, received_at: new Date(start.getTime() + minutes * MINUTE).toISOString() }, headers: { 'x-api-key': shop.apiKey } });
        await dated(hblCredit(100_000, 1_000_000), 0);
        await dated(hblCredit(50_000, 1_300_000), 20);
        clock.advance(6 * MINUTE);
        await waitUntil(async () => (await alerts(shop, '&kind=sms.gap_suspected')).length === 1);
        const [gap] = await alerts(shop, '&kind=sms.gap_suspected');
        expect(gap?.details).toMatchObject({ amountPaisa: 250_000, candidatePaymentIds: [payment] });
        await waitUntil(async () => ofTenant(shop).some((event) => event.event === 'sms.gap_suspected'));
        expect(ofTenant(shop).find((event) => event.event === 'sms.gap_suspected')?.data).toMatchObject({ amount: 2_500, candidate_payment_ids: [payment] });
        clock.advance(15 * MINUTE);
        await waitUntil(async () => (await alerts(shop, '&kind=payment.stalled')).length === 1);
        const [stalled] = await alerts(shop, '&kind=payment.stalled');
        expect(stalled).toMatchObject({ subject_id: payment, details: { reason: 'gap_suspected', evidence: { gapIds: [gap?.subject_id] } } });
      });

      it('forwarder silent: the phone that carries its gateway went quiet', async () => {
        const shop = await optedIn('Stalled, Silent Phone');
        await sendFrom(shop, 'till');
        await phoneListed(shop);
        const payment = await register(shop);
        clock.advance(2 * HOUR + MINUTE);
        await waitUntil(async () => (await alerts(shop, '&kind=payment.stalled')).length === 1);
        const [stalled] = await alerts(shop, '&kind=payment.stalled');
        expect(stalled).toMatchObject({ subject_id: payment, details: { reason: 'forwarder_silent' } });
        expect(stalled?.details).toMatchObject({ evidence: { silentForwarderIds: [expect.any(String)] } });
      });
    });

    it('tells the merchant that a payment waits for review, and clears the alert when an operator decides', async () => {
      const shop = await optedIn('Review Shop');
      const reference = randomTransactionId();
      const payment = await register(shop, 'wallet_one', 700, reference);
      await sendFrom(shop, 'till', jazzCashCredit({ reference, amount: '650.00' }));
      await waitUntil(async () => ofTenant(shop).some((event) => event.event === 'payment.review_required'));
      expect(ofTenant(shop).find((event) => event.event === 'payment.review_required')?.data).toMatchObject({ uuid: payment, review_reason: 'amount_mismatch', amount_detected: 650 });
      await waitUntil(async () => (await alerts(shop, '&kind=payment.review_required')).length === 1);
      expect((await service.admin('POST', `/admin/payments/${payment}/approve`, { note: 'statement checked' })).status).toBe(200);
      await waitUntil(async () => (await alerts(shop, '&kind=payment.review_required&state=cleared')).some((alert) => alert.cleared_by === 'payment.verified'));
    });

    it('counts the open alerts by kind on /metrics', async () => {
      const response = await fetch(new URL('/metrics', service.baseUrl), { headers: { authorization: `Bearer ${options.metricsToken}` } });
      const text = await response.text();
      expect(text).toMatch(/pvs_alerts_open\{kind="payment.stalled"\} [1-9]/);
      expect(text).toMatch(/pvs_alerts_unacknowledged\{kind="forwarder.silent"\} \d+/);
    });

    it('sends every webhook as the served document describes it, payment and alert alike', async () => {
      const document = await (await fetch(new URL('/api/v1/openapi.json', service.baseUrl))).json();
      const problems = documentedSchemas(document);
      const bodies = receiver.received.map((webhook) => JSON.parse(webhook.rawBody));
      const schemaOf = (event: string) => (PAYMENT_WEBHOOK_EVENTS.some((name) => name === event) ? 'WebhookPayload' : 'AlertWebhookPayload');
      // Every kind was sent by the tests above, so none is checked vacuously.
      expect([...new Set(bodies.map((body) => body.event))]).toEqual(expect.arrayContaining([...ALL_ALERTS, 'payment.manual_review']));
      for (const body of bodies) expect({ event: body.event, problems: problems(schemaOf(body.event), body) }).toEqual({ event: body.event, problems: [] });
      // And the check bites: a body without what the document requires is refused.
      const [first] = bodies;
      expect(problems(schemaOf(first.event), { ...first, data: { ...first.data, alert_id: undefined, uuid: undefined } })).not.toEqual([]);
    });
  });
}

const randomUuid = () => `${randomBytes(4).toString('hex')}-0000-4000-8000-${randomBytes(6).toString('hex')}`;

onEachDatabaseThatRestarts(alertsSuite);

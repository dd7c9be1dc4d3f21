import { PAYMENT_DECISIONS_TOPIC } from '@pvs/contracts/messages';
import { EVENT_STORE, EventStore, RecordedEvent } from '@pvs/event-store';
import { BUS_TRANSPORT, BusMessage, BusTransport, InProcessServer, publishMessage } from '@pvs/messaging';
import { jazzCashCredit, randomShortTransactionId, randomTransactionId, waitUntil } from '@pvs/testing';
import { ServiceUnderTest, TestResponse, TestService, TestTenant, onEachDatabase, recordedSms, serviceOn } from './testing';

const WALLET_ONE = '8558';
/** A real JazzCash Raast credit alert (wallet_one), with our own numbers. */

function smsMatchingSuite(backend: string, start: () => Promise<ServiceUnderTest>) {
  describe(`SMS ingest and matching on ${backend}`, () => {
    let service: TestService;
    let dispose: () => Promise<void>;
    let merchant: TestTenant;

    beforeAll(async () => {
      ({ service, dispose } = await start());
      merchant = await service.createTenant({ name: 'Multan Mobiles' });
    });

    afterAll(() => dispose());

    const verify = (body: Record<string, unknown>, tenant = merchant) =>
      service.request('POST', '/payments/verify', { body: { gateway: 'wallet_one', ...body }, headers: { 'x-api-key': tenant.apiKey } });
    const ingest = (body: unknown, tenant = merchant, headers: Record<string, string> = { 'x-api-key': tenant.apiKey }) =>
      service.request('POST', '/sms/ingest', { body, headers });
    const status = async (uuid: string, tenant = merchant) =>
      (await service.request('GET', `/payments/status/${uuid}`, { headers: { 'x-api-key': tenant.apiKey } })).body.data;
    const eventually = async (uuid: string, expected: string, tenant = merchant) => {
      for (let i = 0; i < 200; i++) {
        const current = await status(uuid, tenant);
        if (current.status === expected) return current;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      throw new Error(`payment ${uuid} never became ${expected}: ${JSON.stringify(await status(uuid, tenant))}`);
    };
    const events = () => service.app.get<EventStore>(EVENT_STORE);
    const inProcessBroker = () => {
      const { server } = service.app.get<BusTransport>(BUS_TRANSPORT);
      if (!(server instanceof InProcessServer)) throw new Error('the embedded service runs the in-process bus');
      return server.broker;
    };

    describe('intent first, then the SMS', () => {
      it('verifies an equal amount and says so in the ingest response', async () => {
        const reference = randomTransactionId();
        const { uuid } = (await verify({ transaction_reference: reference, amount: 2350 })).body.data;
        const response = await ingest({ sender: WALLET_ONE, body: jazzCashCredit({ reference, amount: '2,350.00' }), received_at: '2026-11-26T09:15:00+05:00' });
        expect(response.status).toBe(200);
        expect(response.body).toEqual({ status: 'verified', transaction_uuid: uuid, reference, amount: 2350 });

        const payment = await eventually(uuid, 'verified');
        expect(payment).toEqual({
          uuid,
          gateway: 'wallet_one',
          transaction_reference: reference,
          amount_expected: 2350,
          amount_detected: 2350,
          status: 'verified',
          verified_at: expect.stringMatching(/Z$/),
        });
        expect((await verify({ transaction_reference: reference, amount: 2350 })).body.data.status).toBe('verified');
      });

      it('sends a different amount to manual review, to the paisa', async () => {
        const reference = randomTransactionId();
        const { uuid } = (await verify({ transaction_reference: reference, amount: 1500 })).body.data;
        const response = await ingest({ sender: WALLET_ONE, body: jazzCashCredit({ reference, amount: '1,499.99' }) });
        expect(response.body).toEqual({ status: 'manual_review', transaction_uuid: uuid, reference, amount: 1499.99 });
        const payment = await eventually(uuid, 'manual_review');
        expect(payment).toMatchObject({ amount_expected: 1500, amount_detected: 1499.99, verified_at: null });
        expect((await verify({ transaction_reference: reference, amount: 1500 })).body.data.status).toBe('pending');
      });
    });

    describe('SMS first, then the intent', () => {
      it('keeps the SMS unmatched, then verifies the intent registered later', async () => {
        const reference = randomTransactionId();
        const response = await ingest({ sender: WALLET_ONE, body: jazzCashCredit({ reference, amount: '780.50' }) });
        expect(response.body).toEqual({ status: 'unmatched', transaction_uuid: null, reference, amount: 780.5 });

        const registered = await verify({ transaction_reference: reference, amount: 780.5 });
        const uuid = registered.body.data.uuid;
        await eventually(uuid, 'verified');
        expect((await verify({ transaction_reference: reference, amount: 780.5 })).body).toMatchObject({
          message: 'Payment already verified',
          data: { uuid, status: 'verified' },
        });
        const again = await ingest({ sender: WALLET_ONE, body: jazzCashCredit({ reference, amount: '780.50' }) });
        expect(again.body).toEqual({ status: 'verified', transaction_uuid: uuid, reference, amount: 780.5 });
      });
    });

    it('answers an SMS forwarded again with its first outcome, and records nothing new', async () => {
      const reference = randomTransactionId();
      const { uuid } = (await verify({ transaction_reference: reference, amount: 99 })).body.data;
      const body = { sender: WALLET_ONE, body: jazzCashCredit({ reference, amount: '99.00' }) };
      const first = await ingest(body);
      await eventually(uuid, 'verified');
      const paymentEvents = (await events().readStream(`payment-${uuid}`)).length;

      const repeats = await Promise.all([ingest(body), ingest({ ...body, sender: ` ${WALLET_ONE}` }), ingest(body)]);
      for (const repeat of repeats) expect(repeat.body).toEqual(first.body);
      expect(await events().readStream(`payment-${uuid}`)).toHaveLength(paymentEvents);
    });

    it('uses a reference once: a second SMS with it changes nothing', async () => {
      const reference = randomTransactionId();
      const { uuid } = (await verify({ transaction_reference: reference, amount: 500 })).body.data;
      await ingest({ sender: WALLET_ONE, body: jazzCashCredit({ reference, amount: '500.00' }) });
      const replay = await ingest({ sender: WALLET_ONE, body: jazzCashCredit({ reference, amount: '500.00', account: '03001112223' }) });
      expect(replay.body).toEqual({ status: 'unmatched', transaction_uuid: null, reference, amount: 500 });
      const history = await events().readStream(`payment-${uuid}`);
      expect(history.map((e) => e.type)).toEqual(['PaymentIntentRegistered', 'PaymentVerified']);
    });

    it('refuses what it cannot read with 422, and records it all the same', async () => {
      const unrecognised = await ingest({ sender: WALLET_ONE, body: 'Dear customer, your package has been renewed.' });
      expect(unrecognised.status).toBe(422);
      expect(unrecognised.body).toEqual({ success: false, message: expect.stringContaining('recorded') });
      const forged = await ingest({ sender: '03001234567', body: jazzCashCredit({ reference: randomTransactionId(), amount: '10,000.00' }) });
      expect(forged.status).toBe(422);
      expect(forged.body.message).toMatch(/^Untrusted sender/);

      // The log gives an event in commit-safe order: once no transaction begun before it is still open.
      let recorded: RecordedEvent[] = [];
      const reasons = () => recorded.filter((e) => (e.data as { tenantId: string }).tenantId === merchant.id).map((e) => (e.data as { reason: string }).reason);
      await waitUntil(async () => {
        recorded = await events().readAll({ filter: { types: ['SmsRejected'] } });
        return reasons().includes('unrecognized_template') && reasons().includes('untrusted_sender');
      });
      expect(reasons()).toEqual(expect.arrayContaining(['unrecognized_template', 'untrusted_sender']));
      const forgedStream = recorded.find((e) => (e.data as { reason: string }).reason === 'untrusted_sender')!.streamName;
      const [received] = (await recordedSms(service, merchant.id)).filter(({ event }) => event.streamName === forgedStream);
      expect(received.event.data.sender).toBe('03001234567');
      expect(received.text).toContain('10,000.00');
    });

    it('takes the gateway secret instead of the API key, and refuses anything else with 401', async () => {
      const reference = randomTransactionId();
      const viaSecret = await ingest({ sender: WALLET_ONE, body: jazzCashCredit({ reference, amount: '1.00' }) }, merchant, { 'x-gateway-secret': merchant.gatewaySecret });
      expect(viaSecret.status).toBe(200);
      const wrong: Record<string, string>[] = [
        {},
        { 'x-gateway-secret': 'pvsgw_0000000000000000_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' },
        { 'x-api-key': merchant.gatewaySecret },
      ];
      for (const headers of wrong) {
        const refused = await ingest({ sender: WALLET_ONE, body: jazzCashCredit({ reference: randomTransactionId(), amount: '1.00' }) }, merchant, headers);
        expect(refused.status).toBe(401);
        expect(refused.body).toEqual({ success: false, message: 'Missing or invalid API key, gateway secret or forwarder key' });
      }
    });

    describe('forwarder apps, detected by shape', () => {
      it.each([
        ['SMS Gateway for Android', (body: string) => ({ deviceId: 'd1', event: 'sms:received', id: 'x1', payload: { messageId: 'm1', message: body, phoneNumber: WALLET_ONE, simNumber: 1, receivedAt: '2026-11-26T14:22:10.000+05:00' }, webhookId: 'w1' }), 'sms_gateway_app'],
        ['httpSMS', (body: string) => ({ specversion: '1.0', type: 'message.phone.received', id: 'e1', source: '/v1/messages/receive', data: { contact: WALLET_ONE, content: body, owner: '+923001234567', timestamp: '2026-11-26T09:22:10.814Z' } }), 'httpsms'],
        ['SMS to URL Forwarder', (body: string) => ({ from: WALLET_ONE, text: body, sentStamp: '1764150130000', receivedStamp: 1764150131000, sim: 'sim1' }), 'sms_to_url_forwarder'],
      ])('matches the webhook of %s', async (_app, payloadFor, source) => {
        const reference = randomTransactionId();
        const { uuid } = (await verify({ transaction_reference: reference, amount: 640 })).body.data;
        const response = await ingest(payloadFor(jazzCashCredit({ reference, amount: '640.00' })));
        expect(response.body).toEqual({ status: 'verified', transaction_uuid: uuid, reference, amount: 640 });
        const received = (await recordedSms(service)).find(({ text }) => text?.includes(reference));
        expect(received?.event.data).toMatchObject({ source, sender: WALLET_ONE });
      });

      it("matches Twilio's form-encoded webhook, answering it with empty TwiML", async () => {
        const reference = randomTransactionId();
        const { uuid } = (await verify({ transaction_reference: reference, amount: 75 })).body.data;
        const form = new URLSearchParams({ MessageSid: 'SM1', AccountSid: 'AC1', From: WALLET_ONE, To: '+15550001111', Body: jazzCashCredit({ reference, amount: '75.00' }), NumMedia: '0' });
        const response = await service.request('POST', '/sms/ingest', {
          rawBody: form.toString(),
          // Twilio cannot set headers: the secret travels as the Basic auth password in the URL.
          headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: `Basic ${Buffer.from(`twilio:${merchant.gatewaySecret}`).toString('base64')}` },
        });
        expect(response.body).toBe('<?xml version="1.0" encoding="UTF-8"?><Response/>');
        expect(await eventually(uuid, 'verified')).toMatchObject({ amount_detected: 75 });
      });
    });

    it.each([
      ['an unknown shape', { message: 'hi' }, 'Unrecognized request body: send {sender, body, received_at} or the webhook of a supported SMS forwarder'],
      ['an empty body text', { sender: WALLET_ONE, body: '  ' }, 'body must be a non-empty string'],
      ['a numeric sender', { sender: 8558, body: 'x' }, 'sender must be a non-empty string'],
      ['a bad received_at', { sender: WALLET_ONE, body: 'x', received_at: 'yesterday' }, 'received_at must be an ISO 8601 date-time'],
      ['an unknown field', { sender: WALLET_ONE, body: 'x', sim: 1 }, 'property sim should not exist'],
      ['a body over 2000 characters (longer than any real alert)', { sender: WALLET_ONE, body: 'x'.repeat(2001) }, 'body must be at most 2000 characters'],
    ])('refuses %s with 422', async (_label, body, message) => {
      const response = await ingest(body);
      expect(response.status).toBe(422);
      expect(response.body).toEqual({ success: false, message });
    });

    it("never lets one tenant's SMS touch another tenant's payment with the same reference", async () => {
      const other = await service.createTenant({ name: 'Quetta Carpets' });
      const reference = randomTransactionId();
      const theirs = (await verify({ transaction_reference: reference, amount: 300 }, other)).body.data.uuid;
      const response = await ingest({ sender: WALLET_ONE, body: jazzCashCredit({ reference, amount: '300.00' }) });
      expect(response.body).toEqual({ status: 'unmatched', transaction_uuid: null, reference, amount: 300 });
      expect((await status(theirs, other)).status).toBe('pending');
      expect((await service.request('GET', `/payments/status/${theirs}`, { headers: { 'x-api-key': merchant.apiKey } })).status).toBe(404);

      const mine = (await verify({ transaction_reference: reference, amount: 300 })).body.data.uuid;
      await eventually(mine, 'verified');
      expect((await status(theirs, other)).status).toBe('pending');
    });

    it('never verifies a credit to an account the merchant did not configure: a person looks at it', async () => {
      const shop = await service.createTenant({ receiving_accounts: { wallet_one: ['0344-4160241'] } });
      const reference = randomTransactionId();
      const { uuid } = (await verify({ transaction_reference: reference, amount: 1000 }, shop)).body.data;
      const elsewhere = await ingest({ sender: WALLET_ONE, body: jazzCashCredit({ reference, amount: '1,000.00', account: '03119998887' }) }, shop);
      expect(elsewhere.body).toEqual({ status: 'manual_review', transaction_uuid: uuid, reference, amount: 1000 });
      expect((await status(uuid, shop)).status).toBe('manual_review');
      const flagged = (await events().readStream(`payment-${uuid}`)).find((event) => event.type === 'PaymentFlaggedForReview');
      expect(flagged?.data).toMatchObject({ reason: 'foreign_account', amountDetectedPaisa: 100000 });
      // The reference is spent on the payment in review: a second SMS naming it decides nothing, a person does.
      const again = await ingest({ sender: WALLET_ONE, body: jazzCashCredit({ reference, amount: '1,000.00', account: '923444160241' }) }, shop);
      expect(again.body).toEqual({ status: 'unmatched', transaction_uuid: null, reference, amount: 1000 });
      expect((await status(uuid, shop)).status).toBe('manual_review');

      const another = randomTransactionId();
      const paid = (await verify({ transaction_reference: another, amount: 1000 }, shop)).body.data.uuid;
      const mine = await ingest({ sender: WALLET_ONE, body: jazzCashCredit({ reference: another, amount: '1,000.00', account: '923444160241' }) }, shop);
      expect(mine.body).toEqual({ status: 'verified', transaction_uuid: paid, reference: another, amount: 1000 });
    });

    it('reads a TID of an unusual length and, for a strict tenant, lists the payment for review with what the reading departed from', async () => {
      const strict = await service.createTenant({ name: 'Strict Stationers', verification_policy: 'strict' });
      const reference = '36620983731';
      const { uuid } = (await verify({ transaction_reference: reference, amount: 640 }, strict)).body.data;
      expect((await ingest({ sender: WALLET_ONE, body: jazzCashCredit({ reference, amount: '640.00' }) }, strict)).body.status).toBe('manual_review');
      const flagged = (await events().readStream(`payment-${uuid}`)).at(-1);
      expect(flagged).toMatchObject({ type: 'PaymentFlaggedForReview', data: { reason: 'unconfirmed_reading' } });
      const smsId = (flagged?.data as { smsId: string }).smsId;
      const [parsed] = (await events().readStream(`sms-${smsId}`)).filter((event) => event.type === 'SmsParsed');
      expect(parsed?.data).toMatchObject({ tier: 'extracted', departures: [{ field: 'reference', institution: 'JazzCash', usual: '12 digits', found: '11 digits' }] });
      let listed: { uuid: string; review_reason: string; departures: string[] }[] = [];
      await waitUntil(async () => {
        listed = (await service.admin('GET', `/admin/payments?status=manual_review&tenant_id=${strict.id}`)).body.data;
        // The payment and its SMS are projected apart: wait for both halves of the row.
        return listed.length === 1 && listed[0].departures.length > 0;
      });
      expect(listed).toMatchObject([{ uuid, review_reason: 'unconfirmed_reading', departures: ['JazzCash transaction ids are usually 12 digits; this one is 11 digits'] }]);
      // The same SMS verifies a standard tenant's payment.
      const another = randomShortTransactionId();
      const paid = (await verify({ transaction_reference: another, amount: 640 })).body.data.uuid;
      expect((await ingest({ sender: WALLET_ONE, body: jazzCashCredit({ reference: another, amount: '640.00' }) })).body).toEqual({ status: 'verified', transaction_uuid: paid, reference: another, amount: 640 });
    });

    it('publishes each decision on the bus, once, with the event id as message id', async () => {
      const seen: BusMessage[] = [];
      const detach = inProcessBroker().attach({ deliver: async (message) => void seen.push(message) });
      const reference = randomTransactionId();
      const { uuid } = (await verify({ transaction_reference: reference, amount: 42 })).body.data;
      await ingest({ sender: WALLET_ONE, body: jazzCashCredit({ reference, amount: '42.00' }) });
      for (let i = 0; i < 200 && !seen.some((m) => m.key === uuid); i++) await new Promise((r) => setTimeout(r, 20));
      const mine = seen.filter((m) => m.key === uuid);
      expect(mine).toHaveLength(1);
      const [decision] = (await events().readStream(`payment-${uuid}`)).filter((e) => e.type === 'PaymentVerified');
      expect(mine[0]).toMatchObject({ topic: PAYMENT_DECISIONS_TOPIC, id: decision.id, payload: { type: 'PaymentVerified', paymentId: uuid } });
      detach();
    });

    it("sets a decision message the notifier cannot read aside, with the reason, and goes on", async () => {
      const bus = service.app.get<BusTransport>(BUS_TRANSPORT);
      await publishMessage(bus.client, { topic: PAYMENT_DECISIONS_TOPIC, key: 'k', id: `malformed-${randomTransactionId()}`, payload: { type: 'PaymentSettled', paymentId: 'not-a-uuid' } });
      const letter = inProcessBroker().deadLetters.at(-1);
      expect(letter?.message.payload).toEqual({ type: 'PaymentSettled', paymentId: 'not-a-uuid' });
      expect(letter?.reason).toMatch(/^PaymentDecisionMessage: type: type must be one of the following values: PaymentVerified, .*paymentId: paymentId must be a UUID/);
      const reference = randomTransactionId();
      const { uuid } = (await verify({ transaction_reference: reference, amount: 43 })).body.data;
      expect((await ingest({ sender: WALLET_ONE, body: jazzCashCredit({ reference, amount: '43.00' }) })).body).toMatchObject({ status: 'verified', transaction_uuid: uuid });
    });

    it('limits each tenant to 120 ingests a minute', async () => {
      const busy = await service.createTenant();
      const answers: TestResponse[] = await Promise.all(
        Array.from({ length: 120 }, (_, i) => ingest({ sender: WALLET_ONE, body: `not a payment ${i}` }, busy)),
      );
      expect(answers.every((a) => a.status === 422)).toBe(true);
      const limited = await ingest({ sender: WALLET_ONE, body: 'one more' }, busy);
      expect(limited.status).toBe(429);
      expect(limited.headers.get('retry-after')).toBeTruthy();
    });
  });
}

onEachDatabase((backend, open) => smsMatchingSuite(backend, () => serviceOn(open)));

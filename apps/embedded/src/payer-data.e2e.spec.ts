import { paymentSubject, smsSubject } from '@pvs/contracts';
import { LogCapture } from '@pvs/observability/testing';
import { READ_MODEL_DATABASE } from '@pvs/runtime';
import { SqlClient } from '@pvs/sql';
import { jazzCashCredit, randomTransactionId, waitUntil } from '@pvs/testing';
import { DatabaseUnderTest, StoredEverywhere, TestService, TestTenant, onEachDatabaseThatRestarts, placesHolding, recordedSms, startTestService, storedEverywhere } from './testing';

const WALLET_ONE = '8558';
const PAYER = { name: 'ZARMEENA QURESHI', phone: '03451239876' };
/** What a payer gives a payment page, and a merchant an intent: other words than the SMS's, so each is searched apart. */
const LINK_PAYER = { name: 'Sheharbano Khattak', phone: '03127654321' };
const SENDER_SOURCE = '03339081726';
const credit = (reference: string, payer = PAYER) => `You have received Rs 500.00 from ${payer.name} ${payer.phone} in your JazzCash account. TID: ${reference}`;
const notPayment = `Dear ${PAYER.name}, your OTP is 482913. Call ${PAYER.phone} for help.`;

/** Where each of the texts shows in what the service stored and logged (none, it is hoped), and how much was searched. */
function search(stored: StoredEverywhere, texts: readonly string[]): { bytes: number; hits: Record<string, string[]> } {
  return { bytes: stored.size, hits: Object.fromEntries(texts.map((text) => [text, placesHolding(stored, text)]).filter(([, places]) => places.length > 0)) };
}

function payerDataSuite(backend: string, open: () => Promise<DatabaseUnderTest>) {
  describe(`payer data sealed at rest and erased by its key, on ${backend}`, () => {
    let service: TestService;
    let database: DatabaseUnderTest;
    const logs = new LogCapture();
    let shop: TestTenant;
    const reference = randomTransactionId();
    let paymentId = '';

    const sql = () => service.app.get<SqlClient>(READ_MODEL_DATABASE);
    /** Every table, the data folder's files, and every line logged at debug level. */
    const stored = () => storedEverywhere(service, logs.text, database.options.dataDir ?? null);
    let linkId = '';
    let linkPaymentId = '';
    const linkPayments = async () => (await service.request('GET', `/payment-links/${linkId}/payments`, { headers: { 'x-api-key': shop.apiKey } })).body.data as { uuid: string; payer_name: string | null; payer_phone: string | null }[];
    const listed = async () => (await service.admin('GET', `/admin/sms?tenant_id=${shop.id}`)).body.data as { sms_id: string; body: string | null; state: string }[];

    beforeAll(async () => {
      database = await open();
      service = await startTestService({ ...database.options, logDestination: logs, logLevel: 'debug' });
      shop = await service.createTenant({ name: 'Zainab Lawn House' });
      paymentId = (await service.request('POST', '/payments/verify', { body: { gateway: 'wallet_one', transaction_reference: reference, amount: 500, sender_source: SENDER_SOURCE }, headers: { 'x-api-key': shop.apiKey } })).body.data.uuid;
      const link = (await service.request('POST', '/payment-links', { body: { amount: 900 }, headers: { 'x-api-key': shop.apiKey } })).body.data;
      linkId = link.id;
      const page = await fetch(`${new URL(service.baseUrl).origin}/pay/${link.code}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ gateway: 'wallet_one', transaction_id: randomTransactionId(), name: LINK_PAYER.name, phone: LINK_PAYER.phone }).toString(),
        redirect: 'manual',
      });
      expect(page.status).toBe(303);
      await waitUntil(async () => (await linkPayments()).length === 1);
      linkPaymentId = (await linkPayments())[0].uuid;
      const paid = await service.request('POST', '/sms/ingest', { body: { sender: WALLET_ONE, body: credit(reference) }, headers: { 'x-api-key': shop.apiKey } });
      expect(paid.body.status).toBe('verified');
      expect((await service.request('POST', '/sms/ingest', { body: { sender: WALLET_ONE, body: notPayment }, headers: { 'x-api-key': shop.apiKey } })).status).toBe(422);
      await waitUntil(async () => (await listed()).length === 2);
    });

    afterAll(async () => {
      await service?.close();
      await database?.drop();
    });

    it('records no byte of the payer’s name, number or message in the clear, and shows operators and the merchant what was told', async () => {
      const found = search(await stored(), [PAYER.name, PAYER.phone, credit(reference), notPayment, LINK_PAYER.name, LINK_PAYER.phone, SENDER_SOURCE]);
      console.log(`${backend}: ${found.bytes.toLocaleString('en')} bytes of tables, files and logs searched before erasure, hits: ${Object.keys(found.hits).length}`);
      expect(found.bytes).toBeGreaterThan(100_000);
      expect(found.hits).toEqual({});
      // The search finds what is there: the tenant's name, which is no payer's, is in the clear.
      expect(placesHolding(await stored(), 'Zainab Lawn House')).toContain('table es_events');
      expect((await listed()).map((sms) => sms.body).sort()).toEqual([credit(reference), notPayment].sort());
      expect(await linkPayments()).toMatchObject([{ payer_name: LINK_PAYER.name, payer_phone: LINK_PAYER.phone }]);
    });

    it('reads a payment page’s payer as erased once the payment’s key is destroyed', async () => {
      expect(await service.payerData.shred([paymentSubject(linkPaymentId)], 'erasure', new Date())).toEqual([paymentSubject(linkPaymentId)]);
      expect(await linkPayments()).toMatchObject([{ uuid: linkPaymentId, payer_name: null, payer_phone: null }]);
    });

    it('refuses to erase what may still decide a payment, and what it cannot find, saying why', async () => {
      const erase = (body: Record<string, unknown>) => service.admin('POST', '/admin/erasures', body);
      expect(await erase({ payment_id: linkPaymentId, reason: 'the payer asked' })).toMatchObject({
        status: 409,
        body: { success: false, message: `Payment ${linkPaymentId} is still pending: its evidence may yet decide it. Erase it once it is verified, failed or expired` },
      });
      expect((await erase({ payment_id: '5c0d7a4e-91b2-4f6a-8e3d-2a1b0c9d8e7f', reason: 'the payer asked' })).status).toBe(404);
      expect((await erase({ reason: 'the payer asked' })).body).toEqual({ success: false, message: 'Give payment_id, sms_id or mobile: one of them' });
      expect((await erase({ mobile: '0300 1234567', reason: 'the payer asked' })).body).toEqual({ success: false, message: 'mobile needs tenant_id: whose payer it is' });
      expect((await erase({ mobile: '12345', tenant_id: shop.id, reason: 'the payer asked' })).status).toBe(422);
      expect((await erase({ payment_id: paymentId, tenant_id: shop.id, reason: 'the payer asked' })).body.message).toBe('tenant_id goes with mobile only');
      expect((await erase({ mobile: '0300 1234567', tenant_id: shop.id, reason: 'the payer asked' })).status).toBe(404);
      expect((await erase({ payment_id: paymentId, sms_id: paymentId, reason: 'the payer asked' })).status).toBe(422);
      expect((await erase({ payment_id: paymentId })).status).toBe(422);
    });

    it('erases a payment’s payer data with its SMS, and an SMS’s, on an operator’s request: erased everywhere, every fact and decision as it was', async () => {
      const [otp] = (await recordedSms(service, shop.id)).filter(({ text }) => text === notPayment);
      const byPayment = await service.admin('POST', '/admin/erasures', { payment_id: paymentId, reason: 'the payer asked, request 41' });
      expect(byPayment.status).toBe(201);
      const creditSms = (await recordedSms(service, shop.id)).find(({ event }) => event.data.smsId !== otp.event.data.smsId)!.event.data.smsId;
      expect(byPayment.body.data).toMatchObject({
        tenant_id: shop.id,
        target: 'payment',
        target_id: paymentId,
        subjects: [paymentSubject(paymentId), smsSubject(creditSms)],
        keys_destroyed: 2,
        reason: 'the payer asked, request 41',
        erased_by: 'admin',
      });
      const bySms = await service.admin('POST', '/admin/erasures', { sms_id: otp.event.data.smsId, reason: 'the payer asked, request 42' });
      expect(bySms.body.data).toMatchObject({ target: 'sms', subjects: [smsSubject(otp.event.data.smsId)], keys_destroyed: 1 });
      // Asked again: recorded again, nothing left to destroy.
      expect((await service.admin('POST', '/admin/erasures', { sms_id: otp.event.data.smsId, reason: 'asked twice' })).body.data.keys_destroyed).toBe(0);

      expect((await recordedSms(service, shop.id)).map(({ text }) => text)).toEqual([null, null]);
      expect((await listed()).map((sms) => [sms.state, sms.body]).sort()).toEqual([['parsed', null], ['rejected', null]]);
      // What matching decided stands, and the same SMS forwarded again is the one already recorded.
      expect((await service.request('GET', `/payments/status/${paymentId}`, { headers: { 'x-api-key': shop.apiKey } })).body.data.status).toBe('verified');
      const again = await service.request('POST', '/sms/ingest', { body: { sender: WALLET_ONE, body: credit(reference) }, headers: { 'x-api-key': shop.apiKey } });
      expect(again.body).toMatchObject({ status: 'verified', transaction_uuid: paymentId });
      expect(await recordedSms(service, shop.id)).toHaveLength(2);
      // A re-parse reads no erased text.
      const reparsed = await service.admin('POST', '/admin/sms/reparse', { tenant_id: shop.id });
      expect(reparsed.body.data).toMatchObject({ recognised: 0 });
    });

    it('erases every SMS and payment whose payer data holds a mobile number, however it was written, recording no number', async () => {
      const payer = { name: 'BILAL AHMED', written: ['0300-7654321', '+92 300 7654321', '923007654321'] };
      const paid = randomTransactionId();
      const { uuid } = (await service.request('POST', '/payments/verify', { body: { gateway: 'wallet_one', transaction_reference: paid, amount: 500, sender_source: payer.written[2] }, headers: { 'x-api-key': shop.apiKey } })).body.data;
      expect((await service.request('POST', '/sms/ingest', { body: { sender: WALLET_ONE, body: credit(paid, { name: payer.name, phone: payer.written[0] }) }, headers: { 'x-api-key': shop.apiKey } })).body.status).toBe('verified');
      await service.request('POST', '/sms/ingest', { body: { sender: WALLET_ONE, body: `${payer.name}, call ${payer.written[1]} about your order.` }, headers: { 'x-api-key': shop.apiKey } });
      // The log shows an event once no transaction begun before it is open: read until both are there.
      let before: string[] = [];
      await waitUntil(async () => (before = (await recordedSms(service, shop.id)).filter(({ text }) => text?.includes(payer.name)).map(({ event }) => event.data.smsId)).length === 2);

      const erased = await service.admin('POST', '/admin/erasures', { mobile: '0300 7654321', tenant_id: shop.id, reason: 'the payer asked by phone' });
      expect(erased.status).toBe(201);
      expect(erased.body.data).toMatchObject({ target: 'mobile', target_id: null, keys_destroyed: 3 });
      expect([...erased.body.data.subjects].sort()).toEqual([paymentSubject(uuid), ...before.map(smsSubject)].sort());
      expect((await recordedSms(service, shop.id)).filter(({ event }) => before.includes(event.data.smsId)).map(({ text }) => text)).toEqual([null, null]);
      const recorded = await sql().query<{ data: unknown }>(`SELECT data FROM es_events WHERE event_type = 'PayerDataErased'`);
      expect(JSON.stringify(recorded)).not.toMatch(/7654321/);
      // The number is gone from the index with the keys: asked again, nothing holds it.
      expect((await service.admin('POST', '/admin/erasures', { mobile: '03007654321', tenant_id: shop.id, reason: 'again' })).status).toBe(404);
      expect((await service.request('GET', `/payments/status/${uuid}`, { headers: { 'x-api-key': shop.apiKey } })).body.data.status).toBe('verified');
    });

    it('still reads as erased in projections rebuilt from the log, and in a dump of them', async () => {
      for (const name of ['sms', 'payment_links']) {
        expect((await service.admin('POST', `/admin/projections/${name}/rebuild`)).status).toBe(202);
        await waitUntil(async () => (await service.admin('GET', '/admin/projections')).body.data.find((p: { name: string }) => p.name === name)?.rebuild?.status === 'done', 20_000);
      }
      expect((await listed()).map((sms) => sms.body)).toEqual([null, null, null, null]);
      expect(await linkPayments()).toMatchObject([{ payer_name: null, payer_phone: null }]);
      const found = search(await stored(), [PAYER.name, PAYER.phone, LINK_PAYER.name, LINK_PAYER.phone, SENDER_SOURCE, 'BILAL AHMED', '3007654321']);
      console.log(`${backend}: ${found.bytes.toLocaleString('en')} bytes of tables, files and logs searched after erasure and rebuild, hits: ${Object.keys(found.hits).length}`);
      expect(found.hits).toEqual({});
    });

    it('does not take the merchant’s own account, named in its credits, for a payer’s number', async () => {
      const own = '03444160241';
      const paid = randomTransactionId();
      await service.request('POST', '/payments/verify', { body: { gateway: 'wallet_one', transaction_reference: paid, amount: 500 }, headers: { 'x-api-key': shop.apiKey } });
      expect((await service.request('POST', '/sms/ingest', { body: { sender: WALLET_ONE, body: jazzCashCredit({ reference: paid, amount: '500.00', account: own }) }, headers: { 'x-api-key': shop.apiKey } })).body.status).toBe('verified');
      expect(await service.payerData.subjectsOfMobile(shop.id, own)).toEqual([]);
      // A number in the same words that is not the account credited is a payer's.
      await service.request('POST', '/sms/ingest', { body: { sender: WALLET_ONE, body: `ZAHID, call ${own} about your order.` }, headers: { 'x-api-key': shop.apiKey } });
      await waitUntil(async () => (await service.payerData.subjectsOfMobile(shop.id, own)).length === 1);
    });

    it('goes on matching new payments of the same payer', async () => {
      const next = randomTransactionId();
      const { uuid } = (await service.request('POST', '/payments/verify', { body: { gateway: 'wallet_one', transaction_reference: next, amount: 500 }, headers: { 'x-api-key': shop.apiKey } })).body.data;
      const paid = await service.request('POST', '/sms/ingest', { body: { sender: WALLET_ONE, body: credit(next) }, headers: { 'x-api-key': shop.apiKey } });
      expect(paid.body).toMatchObject({ status: 'verified', transaction_uuid: uuid });
      expect((await recordedSms(service, shop.id)).map(({ text }) => text)).toContain(credit(next));
    });
  });
}

onEachDatabaseThatRestarts(payerDataSuite);

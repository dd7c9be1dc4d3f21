import { randomUUID } from 'node:crypto';
import { PAYMENT_INTENT_REGISTERED, SMS_PARSED, SMS_RECEIVED, isSealedText, paymentStream, smsStream } from '@pvs/contracts';
import { EVENT_STORE, EventStore, RecordedEvent } from '@pvs/event-store';
import { ERASED } from '@pvs/payer-data';
import { READ_MODEL_DATABASE } from '@pvs/runtime';
import { SqlClient } from '@pvs/sql';
import { randomTransactionId, waitUntil } from '@pvs/testing';
import { DatabaseUnderTest, TestService, TestTenant, onEachDatabase, placesHolding, startTestService, storedEverywhere } from './testing';

const PAYER = { name: 'SADIA NOOR', phone: '03217654098' };
/** An event's data as its fields. */
function fieldsOf(event: RecordedEvent): Record<string, unknown> {
  if (typeof event.data !== 'object' || event.data === null) throw new Error(`${event.type} has no fields`);
  return Object.fromEntries(Object.entries(event.data));
}
const credit = (reference: string) => `You have received Rs 500.00 from ${PAYER.name} ${PAYER.phone} in your JazzCash account. TID: ${reference}`;

function oldPayerDataSuite(backend: string, open: () => Promise<DatabaseUnderTest>) {
  describe(`payer data an earlier version recorded in the clear, sealed in place once, on ${backend}`, () => {
    let service: TestService;
    let database: DatabaseUnderTest;
    let shop: TestTenant;
    const old = { smsId: randomUUID(), paymentId: randomUUID() };
    const events = () => service.app.get<EventStore>(EVENT_STORE);
    const key = () => ({ 'x-api-key': shop.apiKey });
    const listed = async () => (await service.admin('GET', `/admin/sms?tenant_id=${shop.id}`)).body.data as { sms_id: string; body: string | null }[];
    const rebuilt = (name: string) => waitUntil(async () => (await service.admin('GET', '/admin/projections')).body.data.find((p: { name: string }) => p.name === name)?.rebuild?.status === 'done', 20_000);

    beforeAll(async () => {
      database = await open();
      service = await startTestService(database.options);
      shop = await service.createTenant({ name: 'Sialkot Sports' });
      // Events as the version before sealing recorded them: made from what this one records, their payer data opened.
      const reference = randomTransactionId();
      const paymentId = (await service.request('POST', '/payments/verify', { body: { gateway: 'wallet_one', transaction_reference: reference, amount: 500, sender_source: PAYER.phone }, headers: key() })).body.data.uuid;
      expect((await service.request('POST', '/sms/ingest', { body: { sender: '8558', body: credit(reference) }, headers: key() })).body.status).toBe('verified');
      const recorded = await events().readAll({ filter: { types: [SMS_RECEIVED, SMS_PARSED, PAYMENT_INTENT_REGISTERED] } });
      const ofShop = recorded.filter((event) => JSON.stringify(event.data).includes(shop.id));
      const opened = async (event: RecordedEvent, field: string) => {
        const value = fieldsOf(event)[field];
        const text = typeof value === 'string' ? await service.payerData.reveal(shop.id, value) : ERASED;
        if (text === ERASED) throw new Error(`${event.type}.${field} does not open`);
        return text;
      };
      const [received, parsed, registered] = [SMS_RECEIVED, SMS_PARSED, PAYMENT_INTENT_REGISTERED].map((type) => ofShop.find((event) => event.type === type)!);
      expect(registered.data).toMatchObject({ paymentId });
      const metadata = { tenantId: shop.id, correlationId: 'before-sealing' };
      await events().append(smsStream(old.smsId), [
        { type: SMS_RECEIVED, data: { ...fieldsOf(received), smsId: old.smsId, body: await opened(received, 'body') }, metadata },
        { type: SMS_PARSED, data: { ...fieldsOf(parsed), smsId: old.smsId, payer: JSON.parse(await opened(parsed, 'payer')) }, metadata },
      ], 0);
      await events().append(paymentStream(old.paymentId), [{ type: PAYMENT_INTENT_REGISTERED, data: { ...fieldsOf(registered), paymentId: old.paymentId, transactionReference: randomTransactionId(), senderSource: PAYER.phone }, metadata }], 0);
      await waitUntil(async () => (await listed()).length === 2);
    });

    afterAll(async () => {
      await service?.close();
      await database?.drop();
    });

    it('holds the old payer data in the clear before: in the log and in the read model', async () => {
      const stored = await storedEverywhere(service, '', null, { files: false });
      expect(placesHolding(stored, PAYER.name)).toEqual(expect.arrayContaining(['table es_events', 'table rm_sms']));
    });

    it('seals it in place and rebuilds the copies; the tables then hold it nowhere, and it reads as before', async () => {
      const sealed = await service.admin('POST', '/admin/payer-data/seal-old');
      expect(sealed.body).toEqual({ success: true, data: { events_sealed: 3, rebuilds_requested: ['sms', 'payment_links'] } });
      await rebuilt('sms');
      await rebuilt('payment_links');
      const stored = await storedEverywhere(service, '', null, { files: false });
      expect([PAYER.name, PAYER.phone].flatMap((text) => placesHolding(stored, text))).toEqual([]);
      expect((await listed()).map((sms) => sms.body?.startsWith(`You have received Rs 500.00 from ${PAYER.name}`))).toEqual([true, true]);
      const [oldSms] = await events().readStream(smsStream(old.smsId));
      expect(isSealedText(fieldsOf(oldSms).body)).toBe(true);
      // Its key is as old as the event, so retention takes it in time.
      const [madeAt] = await service.app.get<SqlClient>(READ_MODEL_DATABASE).query<{ created_at: Date }>(`SELECT created_at FROM pd_data_keys WHERE subject = $1`, [`sms/${old.smsId}`]);
      expect(new Date(madeAt.created_at).toISOString()).toBe(oldSms.recordedAt.toISOString());
      // Run again: nothing left to seal.
      expect((await service.admin('POST', '/admin/payer-data/seal-old')).body.data).toEqual({ events_sealed: 0, rebuilds_requested: [] });
    });

    it('is reached by an erasure now: by number it finds the old payment (still pending, so refused), by id it erases the old SMS', async () => {
      const byNumber = await service.admin('POST', '/admin/erasures', { mobile: '0321-7654098', tenant_id: shop.id, reason: 'the payer asked' });
      expect(byNumber.body).toEqual({ success: false, message: `Payment ${old.paymentId} is still pending: its evidence may yet decide it. Erase it once it is verified, failed or expired` });
      const bySms = await service.admin('POST', '/admin/erasures', { sms_id: old.smsId, reason: 'the payer asked' });
      expect(bySms.body.data).toMatchObject({ subjects: [`sms/${old.smsId}`], keys_destroyed: 1 });
      await waitUntil(async () => (await listed()).find((sms) => sms.sms_id === old.smsId)?.body === null, 5_000);
    });
  });
}

onEachDatabase(oldPayerDataSuite);

import { PAYER_DATA_EXPIRED, PayerDataExpiredData, PayerSubject, isPayerDataExpired, paymentSubject, smsSubject } from '@pvs/contracts';
import { EVENT_STORE, EventStore } from '@pvs/event-store';
import { MATCHER, Matcher, PayerDataRetention } from '@pvs/matcher';
import { KEY_CACHE_MS, PayerDataVault } from '@pvs/payer-data';
import { SubjectPayments } from '@pvs/read-model';
import { READ_MODEL_DATABASE } from '@pvs/runtime';
import { SqlClient } from '@pvs/sql';
import { randomTransactionId, sleep, waitUntil } from '@pvs/testing';
import { TestService, TestTenant, movableClock, onEachDatabase, recordedSms, startTestService } from './testing';

const DAY_MS = 86_400_000;
const WALLET_ONE = '8558';
const credit = (reference: string, payer: string) => `You have received Rs 500.00 from ${payer} 03451239876 in your JazzCash account. TID: ${reference}`;
const hblCredit = (amount: string) => `Dear Customer, PKR ${amount} has been credited to your A/C **1234 from NADIA PERVAIZ on 28-11-2026. Avl Bal: PKR 90,000.00`;

function retentionSuite(backend: string, open: () => Promise<{ options: object; drop: () => Promise<void> }>) {
  describe(`payer data past its tenant's retention is erased by a job, on ${backend}`, () => {
    const clock = movableClock();
    let service: TestService;
    let drop: () => Promise<void>;
    let matcher: Matcher;
    let longShop: TestTenant;
    let shortShop: TestTenant;
    const subjects: Record<string, PayerSubject> = {};

    const sms = (shop: TestTenant, sender: string, body: string) => service.request('POST', '/sms/ingest', { body: { sender, body }, headers: { 'x-api-key': shop.apiKey } });
    const verify = async (shop: TestTenant, body: object) => (await service.request('POST', '/payments/verify', { body, headers: { 'x-api-key': shop.apiKey } })).body.data.uuid as string;
    const statuses = (of: PayerSubject[]) => new SubjectPayments(service.app.get<SqlClient>(READ_MODEL_DATABASE)).statuses(of);
    const texts = async (shop: TestTenant) => new Map((await recordedSms(service, shop.id)).map(({ event, text }) => [smsSubject(event.data.smsId), text]));
    /** The batches recorded, once the log shows `count` of them (PostgreSQL shows an event once no older transaction is open). */
    const recordedExpiries = async (count: number) => {
      await waitUntil(async () => (await expiries()).length >= count);
      return expiries();
    };
    const expiries = async () => (await service.app.get<EventStore>(EVENT_STORE).readAll({ filter: { types: [PAYER_DATA_EXPIRED] } })).filter(isPayerDataExpired).map((event) => event.data);
    /** Moves past every process's key cache, so what a run destroyed reads as erased everywhere. */
    const later = (ms: number) => clock.advance(ms + KEY_CACHE_MS + 1);

    beforeAll(async () => {
      const database = await open();
      drop = database.drop;
      service = await startTestService({ ...database.options, clock });
      matcher = service.app.get<Matcher>(MATCHER, { strict: false });
      longShop = await service.createTenant({ name: 'Zainab Lawn House' });
      shortShop = await service.createTenant({ name: 'Kashif Kiryana' });
      expect((await service.admin('PATCH', `/admin/tenants/${shortShop.id}`, { payer_data_retention_days: 29 })).body).toEqual({
        success: false,
        message: "payer_data_retention_days must be at least 30: a payer's dispute needs its evidence",
      });
      expect((await service.admin('PATCH', `/admin/tenants/${shortShop.id}`, { payer_data_retention_days: 30 })).body.data.payer_data_retention_days).toBe(30);
      expect((await service.admin('GET', `/admin/tenants/${longShop.id}`)).body.data.payer_data_retention_days).toBe(180);

      // The long-keeping shop: a verified payment (its SMS and the number it was sent from), an OTP, a payment pending.
      const paid = randomTransactionId();
      const verified = await verify(longShop, { gateway: 'wallet_one', transaction_reference: paid, amount: 500, sender_source: '03339081726' });
      expect((await sms(longShop, WALLET_ONE, credit(paid, 'ZARMEENA QURESHI'))).body.status).toBe('verified');
      expect((await sms(longShop, WALLET_ONE, 'Dear ZARMEENA QURESHI, your OTP is 482913.')).status).toBe(422);
      const pending = await verify(longShop, { gateway: 'wallet_one', transaction_reference: randomTransactionId(), amount: 700, sender_source: '03001112223' });
      // The short-keeping shop: a verified payment, and one in review.
      const quick = randomTransactionId();
      const quickPayment = await verify(shortShop, { gateway: 'wallet_one', transaction_reference: quick, amount: 500 });
      expect((await sms(shortShop, WALLET_ONE, credit(quick, 'BILAL AHMED'))).body.status).toBe('verified');
      const reviewed = await verify(shortShop, { gateway: 'bank', transaction_reference: randomTransactionId(), amount: 42141 });
      await sleep(50); // the matcher reads candidates from the read model
      expect((await sms(shortShop, '4250', hblCredit('42,141.00'))).body.status).toBe('manual_review');

      await waitUntil(async () => (await recordedSms(service)).length === 4);
      const smsOf = async (shop: TestTenant, words: string) => [...(await texts(shop))].find(([, text]) => text?.includes(words))![0];
      Object.assign(subjects, {
        verified: paymentSubject(verified),
        verifiedSms: await smsOf(longShop, 'from ZARMEENA QURESHI'),
        otp: await smsOf(longShop, 'OTP'),
        pending: paymentSubject(pending),
        quickSms: await smsOf(shortShop, 'BILAL AHMED'),
        reviewedSms: await smsOf(shortShop, 'NADIA PERVAIZ'),
        reviewed: paymentSubject(reviewed),
      });
      // The job asks the read model which payment each SMS reaches: let it show the review.
      await waitUntil(async () => (await statuses([subjects.reviewedSms, paymentSubject(quickPayment)])).size === 2);
    });

    afterAll(async () => {
      await service?.close();
      await drop?.();
    });

    it('keeps everything within the retention', async () => {
      later(29 * DAY_MS);
      expect(await matcher.retention.run()).toEqual({ destroyed: 0, kept: 0, readModelBehind: false });
      expect(await expiries()).toEqual([]);
    });

    it('erases the short-keeping tenant’s payer data past 30 days, but not what a payment in review still needs', async () => {
      later(2 * DAY_MS);
      expect(await matcher.retention.run()).toEqual({ destroyed: 1, kept: 1, readModelBehind: false });
      expect(await recordedExpiries(1)).toEqual([expect.objectContaining<Partial<PayerDataExpiredData>>({ tenantId: shortShop.id, subjects: [subjects.quickSms], retentionDays: 30 })]);
      later(0);
      expect(await texts(shortShop)).toEqual(new Map([[subjects.quickSms, null], [subjects.reviewedSms, expect.stringContaining('NADIA PERVAIZ')]]));
      expect([...(await texts(longShop)).values()].every((text) => text !== null)).toBe(true);
      // Asked again at once: nothing more recorded, nothing more destroyed.
      expect(await matcher.retention.run()).toEqual({ destroyed: 0, kept: 1, readModelBehind: false });
      expect(await expiries()).toHaveLength(1);
    });

    it('erases the reviewed payment’s evidence once an operator decides it', async () => {
      const reviewed = subjects.reviewed.slice('payment/'.length);
      expect((await service.admin('POST', `/admin/payments/${reviewed}/approve`, { note: 'seen on the statement' })).status).toBe(200);
      await waitUntil(async () => (await statuses([subjects.reviewedSms])).get(subjects.reviewedSms) === 'verified');
      expect(await matcher.retention.run()).toEqual({ destroyed: 1, kept: 0, readModelBehind: false });
      later(0);
      expect([...(await texts(shortShop)).values()]).toEqual([null, null]);
      expect((await service.request('GET', `/payments/status/${reviewed}`, { headers: { 'x-api-key': shortShop.apiKey } })).body.data.status).toBe('verified');
    });

    it('erases the default tenant’s payer data past 180 days, keeping a payment still pending', async () => {
      later(150 * DAY_MS);
      expect(await matcher.retention.run()).toEqual({ destroyed: 3, kept: 1, readModelBehind: false });
      const expired = (await recordedExpiries(3)).find((batch) => batch.tenantId === longShop.id);
      expect(expired).toMatchObject({ retentionDays: 180, subjects: [subjects.verified, subjects.verifiedSms, subjects.otp].sort() });
      later(0);
      expect([...(await texts(longShop)).values()]).toEqual([null, null]);
      expect(await service.payerData.subjectsOfMobile(longShop.id, '03001112223')).toEqual([subjects.pending]);
      expect(await service.payerData.subjectsOfMobile(longShop.id, '03339081726')).toEqual([]);
    });

    it('still knows an SMS whose text it erased when it is forwarded again, and goes on verifying', async () => {
      const [again] = (await recordedSms(service, shortShop.id)).filter(({ event }) => smsSubject(event.data.smsId) === subjects.quickSms);
      expect(again.text).toBeNull();
      const fresh = randomTransactionId();
      const uuid = await verify(shortShop, { gateway: 'wallet_one', transaction_reference: fresh, amount: 500 });
      expect((await sms(shortShop, WALLET_ONE, credit(fresh, 'BILAL AHMED'))).body).toMatchObject({ status: 'verified', transaction_uuid: uuid });
    });

    it('records a batch once and destroys the rest when a run stopped between the record and the keys', async () => {
      const doomed = await recordedSmsSubject(service, longShop, WALLET_ONE, 'Dear ZARMEENA QURESHI, your parcel is on its way.');
      later(181 * DAY_MS);
      const vault = service.payerData;
      let crashes = 1;
      const crashing: Pick<PayerDataVault, 'heldBefore' | 'shred'> = {
        heldBefore: (...args) => vault.heldBefore(...args),
        shred: (...args) => (crashes-- > 0 ? Promise.reject(new Error('the process died')) : vault.shred(...args)),
      };
      const events = service.app.get<EventStore>(EVENT_STORE);
      const readModel = { payments: new SubjectPayments(service.app.get<SqlClient>(READ_MODEL_DATABASE)), position: { lagSeconds: async () => 0 } };
      const job = new PayerDataRetention(events, crashing, readModel, () => [], clock, 3_600_000);
      // A read model behind the log could show an SMS matched a moment ago as matched with nothing: no run then.
      const behind = new PayerDataRetention(events, crashing, { ...readModel, position: { lagSeconds: async () => 6 } }, () => [], clock, 3_600_000);
      expect(await behind.run()).toEqual({ destroyed: 0, kept: 0, readModelBehind: true });
      const before = (await recordedExpiries(3)).length;
      await expect(job.run()).rejects.toThrow('the process died');
      const crashed = (await recordedExpiries(before + 1)).slice(before);
      expect(crashed).toEqual([expect.objectContaining({ tenantId: longShop.id, subjects: [doomed] })]);
      // Resumed: the parcel SMS's batch is not recorded again; the other shop's SMS of the test before is a batch of its own.
      expect(await job.run()).toEqual({ destroyed: 2, kept: 1, readModelBehind: false });
      expect((await recordedExpiries(before + 2)).slice(before).map((batch) => batch.tenantId)).toEqual([longShop.id, shortShop.id]);
      later(0);
      expect((await texts(longShop)).get(doomed)).toBeNull();
    });
  });
}

/** Forwards a text and answers its SMS's subject once the log shows it. */
async function recordedSmsSubject(service: TestService, shop: TestTenant, sender: string, body: string): Promise<PayerSubject> {
  await service.request('POST', '/sms/ingest', { body: { sender, body }, headers: { 'x-api-key': shop.apiKey } });
  let subject: PayerSubject | undefined;
  await waitUntil(async () => (subject = (await recordedSms(service, shop.id)).map(({ event, text }) => (text === body ? smsSubject(event.data.smsId) : undefined)).find(Boolean)) !== undefined);
  return subject!;
}

onEachDatabase(retentionSuite);

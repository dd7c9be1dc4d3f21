import { EVENT_STORE, EventStore } from '@pvs/event-store';
import { eventually, jazzCashCredit, randomShortTransactionId, randomTransactionId, sleep } from '@pvs/testing';
import { POLICY_TABLE, PolicyDriver, TestService, TestTenant, payUnderPolicy, startTestService } from './testing';

/** HBL credits carry no reference at all. */
const hblCredit = (amount: string) =>
  `Dear Customer, Your HBL A/C 9271*****26044 has been credited with PKR ${amount} on 12/03/2026 15:39:08 through IBFT from KAMRAN QURESHI.\nFor details, call 111111425.`;
/** Easypaisa wallet-to-wallet credits state the new balance. */
const easypaisaCredit = (reference: string, amount: string, balance: string) =>
  `Trx ID ${reference}. You have Received Rs ${amount} from ASAD with Easypaisa Account 923352170168 and your new Easypaisa account balance is Rs. ${balance}.`;

describe('matching rules over HTTP (embedded)', () => {
  let service: TestService;

  beforeAll(async () => {
    service = await startTestService();
  });

  afterAll(() => service.close());

  const api = (on: () => TestService) => ({
    verify: (tenant: TestTenant, body: Record<string, unknown>) =>
      on().request('POST', '/payments/verify', { body, headers: { 'x-api-key': tenant.apiKey } }),
    ingest: (tenant: TestTenant, sender: string, body: string) =>
      on().request('POST', '/sms/ingest', { body: { sender, body }, headers: { 'x-api-key': tenant.apiKey } }),
    status: async (tenant: TestTenant, uuid: string) =>
      (await on().request('GET', `/payments/status/${uuid}`, { headers: { 'x-api-key': tenant.apiKey } })).body.data,
  });
  const { verify, ingest, status } = api(() => service);

  describe('a credit without a reference', () => {
    it('flags the one pending payment of that amount for manual review', async () => {
      const shop = await service.createTenant();
      const { uuid } = (await verify(shop, { gateway: 'bank', transaction_reference: randomTransactionId(), amount: 42141 })).body.data;
      await eventually(() => status(shop, uuid), (p) => p.status === 'pending');
      await sleep(50); // the matcher reads candidates from the read model
      const response = await ingest(shop, '4250', hblCredit('42,141.00'));
      expect(response.body).toEqual({ status: 'manual_review', transaction_uuid: uuid, reference: null, amount: 42141 });
      expect(await eventually(() => status(shop, uuid), (p) => p.status === 'manual_review')).toMatchObject({ amount_detected: 42141, verified_at: null });
    });

    it('keeps it unmatched when two payments wait for that amount, and never verifies', async () => {
      const shop = await service.createTenant();
      const first = (await verify(shop, { gateway: 'bank', transaction_reference: randomTransactionId(), amount: 999 })).body.data.uuid;
      const second = (await verify(shop, { gateway: 'bank', transaction_reference: randomTransactionId(), amount: 999 })).body.data.uuid;
      await eventually(() => status(shop, second), (p) => p.status === 'pending');
      await sleep(50);
      const response = await ingest(shop, 'HBL', hblCredit('999.00'));
      expect(response.body).toEqual({ status: 'unmatched', transaction_uuid: null, reference: null, amount: 999 });
      expect((await status(shop, first)).status).toBe('pending');
      expect((await status(shop, second)).status).toBe('pending');
    });
  });

  describe('the verification policy of a credit in a wording no template knows (standard and strict)', () => {
    const driver: PolicyDriver = {
      get adminToken() {
        return service.adminToken;
      },
      call: (method, path, body, headers) => service.request(method, path, { body, headers }),
    };
    it.each(POLICY_TABLE)('%s', async (_, wording, settings, standard, strict) => {
      for (const [policy, expected] of [['standard', standard], ['strict', strict]] as const) {
        const paid = await payUnderPolicy(driver, policy, settings, wording);
        expect([policy, paid.ingested]).toEqual([policy, { status: expected, transaction_uuid: paid.uuid, reference: paid.reference, amount: paid.amount }]);
        expect([policy, paid.status]).toEqual([policy, expected]);
      }
    });

    it('counts a policy changed through the admin API from the next SMS on, recorded as a TenantUpdated event', async () => {
      const shop = await service.createTenant();
      expect((await service.admin('GET', `/admin/tenants/${shop.id}`)).body.data.verification_policy).toBe('standard');
      const changed = await service.admin('PATCH', `/admin/tenants/${shop.id}`, { verification_policy: 'strict' });
      expect(changed.body.data.verification_policy).toBe('strict');
      const { events } = (await service.admin('GET', `/admin/streams/tenant-${shop.id}`)).body.data;
      expect(events.map(({ type }: { type: string }) => type)).toEqual(['TenantRegistered', 'TenantUpdated']);
      expect(events[1].data).toMatchObject({ changes: { verificationPolicy: 'strict' }, previous: { verificationPolicy: 'standard' } });
      const reference = randomTransactionId();
      const { uuid } = (await verify(shop, { gateway: 'bank', transaction_reference: reference, amount: 700 })).body.data;
      expect((await ingest(shop, 'NBP', `NBP: IBFT credit of PKR 700.00 from ZAHID HUSSAIN on 15-04-2026 11:32. TRX ID: ${reference}`)).body.status).toBe('manual_review');
      expect((await status(shop, uuid)).status).toBe('manual_review');
      expect((await service.admin('PATCH', `/admin/tenants/${shop.id}`, { verification_policy: 'lenient' })).body).toEqual({
        success: false,
        message: 'verification_policy must be one of: standard, strict',
      });
    });
  });

  it('fails a payment nobody paid before it expired, and a late SMS changes nothing', async () => {
    const hurried = await startTestService({ paymentExpirySeconds: 1, expirySweepIntervalMs: 100 });
    try {
      await expiryScenario(hurried);
    } finally {
      await hurried.close();
    }
  });

  async function expiryScenario(hurried: TestService) {
    const { verify, ingest, status } = api(() => hurried);
    const shop = await hurried.createTenant();
    const reference = randomTransactionId();
    const { uuid } = (await verify(shop, { gateway: 'wallet_one', transaction_reference: reference, amount: 10 })).body.data;
    expect(await eventually(() => status(shop, uuid), (p) => p.status === 'failed')).toMatchObject({ amount_detected: null, verified_at: null });
    const late = await ingest(shop, '8558', jazzCashCredit({ reference, amount: '10.00' }));
    expect(late.body).toEqual({ status: 'unmatched', transaction_uuid: null, reference, amount: 10 });
    expect((await status(shop, uuid)).status).toBe('failed');
    expect((await verify(shop, { gateway: 'wallet_one', transaction_reference: reference, amount: 10 })).body).toMatchObject({
      message: 'Payment already registered and failed',
      data: { status: 'failed' },
    });
  }

  it('sends a credit that breaks the balance chain to review when the tenant asks for it', async () => {
    const shop = await service.createTenant({ balance_check: 'review' });
    const pay = async (amount: string, balance: string) => {
      const reference = randomShortTransactionId(); // Easypaisa ids have 11 digits
      await verify(shop, { gateway: 'wallet_two', transaction_reference: reference, amount: Number(amount) });
      return (await ingest(shop, '3737', easypaisaCredit(reference, amount, balance))).body.status;
    };
    expect(await pay('100.00', '1100.00')).toBe('verified'); // first balance seen: nothing to check against
    expect(await pay('200.00', '1300.00')).toBe('verified'); // 1100 + 200
    expect(await pay('50.00', '9999.00')).toBe('manual_review'); // forged or missed: 1300 + 50 ≠ 9999
  });

  describe('operators', () => {
    it('approve or reject a payment in manual review, recording who (from their token) and why', async () => {
      const shop = await service.createTenant();
      const review = async () => {
        const reference = randomTransactionId();
        const { uuid } = (await verify(shop, { gateway: 'wallet_one', transaction_reference: reference, amount: 500 })).body.data;
        await ingest(shop, '8558', jazzCashCredit({ reference, amount: '450.00' }));
        return uuid as string;
      };
      const issued = async (name: string) => (await service.admin('POST', '/admin/operators', { name })).body.data as { id: string; token: string };
      const [ayesha, bilal] = [await issued('Ayesha'), await issued('Bilal')];
      const as = (operator: { token: string }, path: string, body: object = {}) =>
        service.request('POST', path, { body, headers: { authorization: `Bearer ${operator.token}` } });

      const approved = await review();
      const approval = await as(ayesha, `/admin/payments/${approved}/approve`, { note: 'customer paid the rest in cash' });
      expect(approval.status).toBe(200);
      expect(approval.body.data).toMatchObject({ uuid: approved, status: 'verified', amount_detected: 450, verified_at: expect.any(String) });
      expect(await eventually(() => status(shop, approved), (p) => p.status === 'verified')).toMatchObject({ amount_detected: 450 });
      const [decision] = (await service.app.get<EventStore>(EVENT_STORE).readStream(`payment-${approved}`)).slice(-1);
      expect(decision.data).toMatchObject({ operator: 'Ayesha', operatorId: ayesha.id, note: 'customer paid the rest in cash' });

      const rejected = await review();
      const rejection = await as(bilal, `/admin/payments/${rejected}/reject`);
      expect(rejection.body.data.status).toBe('failed');
      const again = await as(bilal, `/admin/payments/${rejected}/approve`);
      expect(again.status).toBe(409);
      expect(again.body).toEqual({ success: false, message: 'Only a payment in manual_review can be reviewed; this one is failed' });
      // Who decided comes from the token, never from the body.
      expect((await as(bilal, `/admin/payments/${rejected}/reject`, { operator: 'someone else' })).body).toEqual({ success: false, message: 'property operator should not exist' });
      expect((await as(bilal, '/admin/payments/00000000-0000-5000-8000-000000000000/reject')).status).toBe(404);
      expect((await service.request('POST', `/admin/payments/${rejected}/reject`, { body: {} })).status).toBe(401);
    });

    it('re-parse rejected SMS after the sender list changed, and the late payment still matches', async () => {
      const shop = await service.createTenant();
      const reference = randomTransactionId();
      const { uuid } = (await verify(shop, { gateway: 'wallet_one', transaction_reference: reference, amount: 1200 })).body.data;
      const refused = await ingest(shop, 'JCASH-ALERT', jazzCashCredit({ reference, amount: '1,200.00' }));
      expect(refused.status).toBe(422);

      const listed = await eventually(
        async () => (await service.admin('GET', `/admin/sms?state=rejected&tenant_id=${shop.id}`)).body.data,
        (rows: { rejection_reason: string }[]) => rows.length === 1,
      );
      expect(listed[0]).toMatchObject({ sender: 'JCASH-ALERT', rejection_reason: 'untrusted_sender', state: 'rejected' });

      await service.admin('PATCH', `/admin/tenants/${shop.id}`, { allowed_senders: { wallet_one: ['8558', 'JCASH-ALERT'] } });
      const reparsed = await service.admin('POST', '/admin/sms/reparse', { tenant_id: shop.id });
      expect(reparsed.body).toEqual({ success: true, data: { examined: 1, recognised: 1 } });
      await eventually(() => status(shop, uuid), (p) => p.status === 'verified');
      expect((await service.admin('GET', '/admin/sms?state=bogus')).status).toBe(422);
    });
  });
});

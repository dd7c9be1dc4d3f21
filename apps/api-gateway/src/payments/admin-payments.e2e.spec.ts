import { TestService, TestTenant, startTestService } from '@pvs/embedded/testing';
import { jazzCashCredit, randomTransactionId, waitUntil } from '@pvs/testing';

describe('GET /admin/payments (embedded)', () => {
  let service: TestService;
  let shop: TestTenant;
  let other: TestTenant;
  const payments: Record<'verified' | 'review' | 'pending' | 'bank' | 'others', string> = { verified: '', review: '', pending: '', bank: '', others: '' };

  const register = async (tenant: TestTenant, gateway: string, amount: number) => {
    const reference = randomTransactionId();
    const response = await service.request('POST', '/payments/verify', {
      body: { gateway, transaction_reference: reference, amount },
      headers: { 'x-api-key': tenant.apiKey },
    });
    expect(response.status).toBe(200);
    return { uuid: response.body.data.uuid as string, reference };
  };
  const ingest = (tenant: TestTenant, reference: string, amount: string) =>
    service.request('POST', '/sms/ingest', { body: { sender: '8558', body: jazzCashCredit({ reference, amount }) }, headers: { 'x-api-key': tenant.apiKey } });
  const list = async (query = '') => service.admin('GET', `/admin/payments${query}`);
  const listed = async (query: string) => ((await list(query)).body.data as { uuid: string }[]).map((payment) => payment.uuid);

  beforeAll(async () => {
    service = await startTestService();
    shop = await service.createTenant({ name: 'Multan Mangoes' });
    other = await service.createTenant({ name: 'Quetta Quilts' });
    // Registered one after another, so newest first is the reverse of this order.
    const verified = await register(shop, 'wallet_one', 100);
    expect((await ingest(shop, verified.reference, '100.00')).body.status).toBe('verified');
    const review = await register(shop, 'wallet_one', 250);
    expect((await ingest(shop, review.reference, '200.00')).body.status).toBe('manual_review');
    const pending = await register(shop, 'wallet_one', 300);
    const bank = await register(shop, 'bank', 400);
    const others = await register(other, 'wallet_one', 500);
    Object.assign(payments, { verified: verified.uuid, review: review.uuid, pending: pending.uuid, bank: bank.uuid, others: others.uuid });
    // The list reads the read model: wait for the projector.
    await waitUntil(async () => (await listed(`?tenant_id=${shop.id}&status=manual_review`)).length === 1 && (await listed(`?tenant_id=${other.id}`)).length === 1);
  });

  afterAll(() => service.close());

  it('lists the payments of every tenant, newest first, with the status fields, tenant and registration time', async () => {
    const response = await list();
    expect(response.status).toBe(200);
    expect(response.body.success).toBe(true);
    const ours = new Set(Object.values(payments));
    expect(response.body.data.map((payment: { uuid: string }) => payment.uuid).filter((uuid: string) => ours.has(uuid))).toEqual([
      payments.others,
      payments.bank,
      payments.pending,
      payments.review,
      payments.verified,
    ]);
    const review = response.body.data.find((payment: { uuid: string }) => payment.uuid === payments.review);
    expect(review).toEqual({
      uuid: payments.review,
      gateway: 'wallet_one',
      transaction_reference: expect.any(String),
      amount_expected: 250,
      amount_detected: 200,
      status: 'manual_review',
      verified_at: null,
      tenant_id: shop.id,
      created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
      review_reason: 'amount_mismatch',
      departures: [],
    });
    const verified = response.body.data.find((payment: { uuid: string }) => payment.uuid === payments.verified);
    expect(verified).toMatchObject({ status: 'verified', amount_expected: 100, amount_detected: 100, verified_at: expect.stringMatching(/Z$/), review_reason: null });
  });

  it('filters by status, tenant and gateway, together or alone', async () => {
    expect(await listed(`?tenant_id=${shop.id}`)).toEqual([payments.bank, payments.pending, payments.review, payments.verified]);
    expect(await listed(`?tenant_id=${shop.id}&status=pending`)).toEqual([payments.bank, payments.pending]);
    expect(await listed(`?tenant_id=${shop.id}&status=pending&gateway=bank`)).toEqual([payments.bank]);
    expect(await listed(`?tenant_id=${shop.id}&status=verified`)).toEqual([payments.verified]);
    expect(await listed(`?tenant_id=${shop.id}&status=failed`)).toEqual([]);
    expect(await listed('?status=manual_review')).toEqual([payments.review]);
    expect(await listed('?gateway=bank')).toEqual([payments.bank]);
  });

  it('returns at most `limit` payments, the newest', async () => {
    expect(await listed(`?tenant_id=${shop.id}&limit=2`)).toEqual([payments.bank, payments.pending]);
    expect(await listed(`?tenant_id=${shop.id}&limit=1000`)).toHaveLength(4);
  });

  it('answers 422 for a bad filter or limit, and 401 without the admin token', async () => {
    for (const [query, message] of [
      ['?status=paid', 'status must be one of: pending, verified, manual_review, failed'],
      ['?gateway=cash', 'gateway must be one of: wallet_one, wallet_two, bank'],
      ['?tenant_id=shop', 'tenant_id must be a UUID'],
      ['?limit=0', 'limit must be 1 to 1000'],
      ['?limit=1001', 'limit must be 1 to 1000'],
      ['?limit=ten', 'limit must be 1 to 1000'],
    ]) {
      const response = await list(query);
      expect({ query, status: response.status, body: response.body }).toEqual({ query, status: 422, body: { success: false, message } });
    }
    const refused = await service.request('GET', '/admin/payments', { headers: { authorization: 'Bearer not-the-admin-token' } });
    expect(refused.status).toBe(401);
    expect((await service.request('GET', '/admin/payments')).status).toBe(401);
  });
});

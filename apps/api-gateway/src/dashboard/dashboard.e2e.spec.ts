import { TestService, TestTenant, startTestService } from '@pvs/embedded/testing';
import { Clock } from '@pvs/runtime';
import { jazzCashCredit, randomTransactionId, waitUntil } from '@pvs/testing';

/** The service's clock, standing at the instant the test sets, so that times to verify are exact. */
class TestClock implements Clock {
  private instant = new Date();

  now(): Date {
    return new Date(this.instant);
  }

  set(instant: Date): void {
    this.instant = instant;
  }
}

const PKT = (local: string) => new Date(`${local}+05:00`);
/** The wallet's payment SMS: the gateway is part of a payment's identity, so the SMS must come from it. */
const SMS: Record<string, (reference: string, amount: string) => { sender: string; body: string }> = {
  wallet_one: (reference, amount) => ({ sender: '8558', body: jazzCashCredit({ reference, amount }) }),
  wallet_two: (reference, amount) => ({
    sender: '3737',
    body: `Trx ID ${reference}. You have Received Rs ${amount} from ASAD with Easypaisa Account 923352170168 and your new Easypaisa account balance is Rs. 5000.00.`,
  }),
};

describe('operators dashboard over HTTP (embedded)', () => {
  const clock = new TestClock();
  let service: TestService;
  let karachi: TestTenant;
  let lahore: TestTenant;

  beforeAll(async () => {
    clock.set(PKT('2026-03-10T00:10:00'));
    // Payments wait two days; the sweeper fails those past it every 100 ms.
    service = await startTestService({ clock, paymentExpirySeconds: 2 * 86_400, expirySweepIntervalMs: 100 });
    karachi = await service.createTenant({ name: 'Karachi Kitchen' });
    lahore = await service.createTenant({ name: 'Lahore Lassi' });
  });

  afterAll(() => service.close());

  const status = async (tenant: TestTenant, uuid: string) =>
    (await service.request('GET', `/payments/status/${uuid}`, { headers: { 'x-api-key': tenant.apiKey } })).body.data.status;
  async function register(tenant: TestTenant, at: string, amount: number, gateway = 'wallet_one') {
    clock.set(PKT(at));
    // Easypaisa transaction ids have 11 digits, JazzCash ones 12.
    const reference = randomTransactionId().slice(gateway === 'wallet_two' ? 1 : 0);
    const response = await service.request('POST', '/payments/verify', {
      body: { gateway, transaction_reference: reference, amount },
      headers: { 'x-api-key': tenant.apiKey },
    });
    expect(response.status).toBe(200);
    return { tenant, gateway, uuid: response.body.data.uuid as string, reference };
  }
  async function smsAt(payment: { tenant: TestTenant; gateway: string; reference: string }, at: string, amount: string, expected: string) {
    clock.set(PKT(at));
    const response = await service.request('POST', '/sms/ingest', { body: SMS[payment.gateway](payment.reference, amount), headers: { 'x-api-key': payment.tenant.apiKey } });
    expect(response.body).toMatchObject({ status: expected });
  }
  const daily = (query = '') => service.admin('GET', `/admin/dashboard/daily${query}`);

  it('sums each tenant day by status and gateway in PKR, with match rate and median time to verify, on the Asia/Karachi day of registration', async () => {
    // 10 March (Karachi): Karachi Kitchen verifies two (60 s and 180 s), gets one flagged, one expires.
    const early = await register(karachi, '2026-03-10T00:20:00', 100.1);
    const second = await register(karachi, '2026-03-10T09:00:00', 200.2, 'wallet_two');
    const flagged = await register(karachi, '2026-03-10T10:00:00', 0.3);
    await smsAt(early, '2026-03-10T00:21:00', '100.10', 'verified');
    await smsAt(second, '2026-03-10T09:03:00', '200.20', 'verified');
    await smsAt(flagged, '2026-03-10T10:05:00', '0.20', 'manual_review');
    const expiring = await register(karachi, '2026-03-10T00:30:00', 50);
    // Lahore Lassi: one verified after 30 s, one still pending (registered late: it expires later).
    const lassi = await register(lahore, '2026-03-10T12:00:00', 999.99);
    await smsAt(lassi, '2026-03-10T12:00:30', '999.99', 'verified');
    const waiting = await register(lahore, '2026-03-10T23:59:00', 1, 'bank');
    // 11 March: registered at 00:00:30 Karachi time, still 10 March in UTC.
    const nextDay = await register(karachi, '2026-03-11T00:00:30', 10);

    // Two days on, the payment of 00:30 on the 10th has expired; the one of 23:59 has not.
    clock.set(PKT('2026-03-12T01:00:00'));
    await waitUntil(async () => (await status(karachi, expiring.uuid)) === 'failed', 10_000);
    expect(await status(lahore, waiting.uuid)).toBe('pending');
    expect(await status(karachi, nextDay.uuid)).toBe('pending');

    const bucket = (count: number, amount: number) => ({ count, amount });
    const none = bucket(0, 0);
    // The projector applies the expiry a moment after the status endpoint shows it.
    await waitUntil(async () => (await daily('?date=2026-03-10')).body.data.tenants[0]?.by_status.failed.count === 1, 10_000);
    const tenth = await daily('?date=2026-03-10');
    expect({ status: tenth.status, body: tenth.body }).toEqual({
      status: 200,
      body: {
        success: true,
        data: {
          date: '2026-03-10',
          tenants: [
            {
              tenant_id: karachi.id,
              tenant_name: 'Karachi Kitchen',
              registered: 4,
              by_status: { pending: none, verified: bucket(2, 300.3), manual_review: bucket(1, 0.3), failed: bucket(1, 50) },
              by_gateway: { wallet_one: bucket(3, 150.4), wallet_two: bucket(1, 200.2), bank: none },
              match_rate: 0.5,
              median_seconds_to_verify: 120,
            },
            {
              tenant_id: lahore.id,
              tenant_name: 'Lahore Lassi',
              registered: 2,
              by_status: { pending: bucket(1, 1), verified: bucket(1, 999.99), manual_review: none, failed: none },
              by_gateway: { wallet_one: bucket(1, 999.99), wallet_two: none, bank: bucket(1, 1) },
              match_rate: 0.5,
              median_seconds_to_verify: 30,
            },
          ],
        },
      },
    });

    expect((await daily(`?date=2026-03-11&tenant_id=${karachi.id}`)).body.data).toEqual({
      date: '2026-03-11',
      tenants: [
        {
          tenant_id: karachi.id,
          tenant_name: 'Karachi Kitchen',
          registered: 1,
          by_status: { pending: bucket(1, 10), verified: none, manual_review: none, failed: none },
          by_gateway: { wallet_one: bucket(1, 10), wallet_two: none, bank: none },
          match_rate: 0,
          median_seconds_to_verify: null,
        },
      ],
    });
    // A tenant without payments that day is shown with zeros; the default day is today in Karachi.
    expect((await daily(`?date=2026-03-11&tenant_id=${lahore.id}`)).body.data.tenants[0]).toMatchObject({ registered: 0, match_rate: null, median_seconds_to_verify: null });
    expect((await daily()).body.data).toEqual({ date: '2026-03-12', tenants: [] });
  });

  it('refuses bad dates (422), bad tenant ids (422) and unknown tenants (404), and callers without the admin token (401)', async () => {
    for (const date of ['2026-02-30', '2026-3-1', 'today', '0000-01-01']) {
      expect(await daily(`?date=${date}`)).toMatchObject({ status: 422, body: { success: false, message: expect.stringContaining('date') } });
    }
    expect(await daily('?tenant_id=not-a-uuid')).toMatchObject({ status: 422, body: { success: false } });
    expect(await daily('?tenant_id=0b6f1c9e-0000-4000-8000-000000000000')).toMatchObject({ status: 404, body: { success: false, message: 'Tenant not found' } });
    expect((await service.request('GET', '/admin/dashboard/daily')).status).toBe(401);
  });
});

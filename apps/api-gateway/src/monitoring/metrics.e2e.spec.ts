import { randomBytes } from 'node:crypto';
import { TestService, WebhookReceiver, startTestService } from '@pvs/embedded/testing';
import { clearOfHourTurn, jazzCashCredit, randomTransactionId, waitUntil } from '@pvs/testing';

interface Sample {
  readonly name: string;
  readonly labels: Record<string, string>;
  readonly value: number;
}

/** The samples of a Prometheus text exposition. */
function parseExposition(text: string): Sample[] {
  return text
    .split('\n')
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((line) => {
      const [, name, labelText = '', value] = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line) ?? [];
      if (!name) throw new Error(`not a sample line: ${line}`);
      const labels = Object.fromEntries([...labelText.matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map(([, key, val]) => [key, val]));
      return { name, labels, value: Number(value) };
    });
}

/** The value of the one sample with that name and at least those labels; undefined when there is none. */
function valueOf(samples: Sample[], name: string, labels: Record<string, string> = {}): number | undefined {
  const found = samples.filter((s) => s.name === name && Object.entries(labels).every(([key, value]) => s.labels[key] === value));
  if (found.length > 1) throw new Error(`${found.length} samples of ${name} ${JSON.stringify(labels)}`);
  return found[0]?.value;
}

async function scrape(service: TestService, headers: Record<string, string> = {}) {
  const response = await fetch(new URL('/metrics', service.baseUrl), { headers });
  return { status: response.status, contentType: response.headers.get('content-type'), text: await response.text() };
}

describe('GET /metrics (embedded: every instrument of the one process)', () => {
  const metricsToken = randomBytes(24).toString('base64url');
  let service: TestService;
  let receiver: WebhookReceiver;

  beforeAll(async () => {
    receiver = await new WebhookReceiver().start();
    service = await startTestService({ metricsToken });
  });

  afterAll(async () => {
    await service.close();
    await receiver.stop();
  });

  const samples = async () => {
    const answer = await scrape(service, { authorization: `Bearer ${metricsToken}` });
    expect(answer.status).toBe(200);
    return parseExposition(answer.text);
  };

  it('counts a verified payment, its webhook and a rejected SMS exactly', async () => {
    const shop = await service.createTenant({ webhook_url: receiver.url });
    const key = { 'x-api-key': shop.apiKey };
    const paid = randomTransactionId();
    const registered = await service.request('POST', '/payments/verify', { body: { gateway: 'wallet_one', transaction_reference: paid, amount: 1250 }, headers: key });
    expect(registered.status).toBe(200);
    const unpaid = await service.request('POST', '/payments/verify', { body: { gateway: 'wallet_one', transaction_reference: randomTransactionId(), amount: 80 }, headers: key });
    expect(unpaid.status).toBe(200);
    const ingested = await service.request('POST', '/sms/ingest', { body: { sender: '8558', body: jazzCashCredit({ reference: paid, amount: '1,250.00' }) }, headers: key });
    expect(ingested.body.status).toBe('verified');
    const rejected = await service.request('POST', '/sms/ingest', { body: { sender: '8558', body: 'Your JazzCash OTP is 482913. Do not share it with anyone.' }, headers: key });
    expect(rejected.status).toBe(422);
    expect((await service.request('GET', '/no-such-route')).status).toBe(404);
    await receiver.waitFor(1);

    // The attempt is counted once its result is recorded, just after the receiver answered.
    let scraped: Sample[] = [];
    await waitUntil(async () => valueOf((scraped = await samples()), 'pvs_webhook_attempts_total', { outcome: 'succeeded' }) === 1);

    const http = (route: string, method: string, status: number) =>
      valueOf(scraped, 'pvs_http_requests_total', { route, method, status_code: String(status) });
    expect(http('/api/v1/payments/verify', 'POST', 200)).toBe(2);
    expect(http('/api/v1/sms/ingest', 'POST', 200)).toBe(1);
    expect(http('/api/v1/sms/ingest', 'POST', 422)).toBe(1);
    expect(http('unmatched', 'GET', 404)).toBe(1);
    expect(http('/api/v1/admin/tenants', 'POST', 201)).toBe(1);
    expect(valueOf(scraped, 'pvs_http_request_duration_seconds_count', { route: '/api/v1/payments/verify', method: 'POST', status_code: '200' })).toBe(2);
    // Label values are route templates and closed sets: no payment id, reference or raw URL anywhere.
    const labelValues = scraped.flatMap((s) => Object.values(s.labels));
    for (const id of [registered.body.data.uuid, unpaid.body.data.uuid, paid, shop.id, 'no-such-route']) {
      expect(labelValues.filter((value) => value.includes(id))).toEqual([]);
    }

    expect(valueOf(scraped, 'pvs_match_decisions_total', { decision: 'verified' })).toBe(1);
    expect(valueOf(scraped, 'pvs_match_decisions_total', { decision: 'manual_review' })).toBeUndefined();
    expect(valueOf(scraped, 'pvs_sms_rejections_total', { reason: 'otp_or_promo' })).toBe(1);
    expect(scraped.filter((s) => s.name === 'pvs_sms_rejections_total')).toHaveLength(1);
    expect(valueOf(scraped, 'pvs_webhook_attempt_duration_seconds_count', { outcome: 'succeeded' })).toBe(1);
    expect(valueOf(scraped, 'pvs_webhook_attempts_total', { outcome: 'failed' })).toBeUndefined();
    expect(valueOf(scraped, 'pvs_event_store_append_duration_seconds_count', { result: 'appended' })).toBeGreaterThan(0);

    for (const projection of ['payments', 'sms', 'tenant_daily', 'sms_hourly', 'forwarders']) {
      expect(valueOf(scraped, 'pvs_projection_lag_events', { projection })).toEqual(expect.any(Number));
      expect(valueOf(scraped, 'pvs_projection_lag_seconds', { projection })).toEqual(expect.any(Number));
    }
    for (const subscription of ['matcher', 'decision-publisher']) {
      expect(valueOf(scraped, 'pvs_subscription_lag_events', { subscription })).toEqual(expect.any(Number));
    }
    expect(valueOf(scraped, 'pvs_process_cpu_user_seconds_total')).toBeGreaterThan(0);
    expect(scraped.some((s) => s.name.startsWith('pvs_nodejs_eventloop_lag'))).toBe(true);
  });

  it('gives the SMS read and rejected per institution exactly as /admin/sms/stats counts them', async () => {
    await clearOfHourTurn();
    const shop = await service.createTenant();
    const key = { 'x-api-key': shop.apiKey };
    const hbl = (amount: string) => `Dear Customer, PKR ${amount} has been credited to your HBL account via IBFT. Thank you for banking with HBL.`;
    for (const body of [jazzCashCredit({ reference: randomTransactionId(), amount: '10.00' }), jazzCashCredit({ reference: randomTransactionId(), amount: '20.00' }), 'Your JazzCash OTP is 112233. Do not share it.', hbl('300.00')]) {
      await service.request('POST', '/sms/ingest', { body: { sender: body.includes('HBL') ? 'HBL' : '8558', body }, headers: key });
    }
    const allTenants = async () => (await service.admin('GET', '/admin/sms/stats')).body.data;
    const stats = async () => (await service.admin('GET', `/admin/sms/stats?tenant_id=${shop.id}`)).body.data;
    await waitUntil(async () => (await stats()).institutions.reduce((sum: number, row: { read: number; rejected: number }) => sum + row.read + row.rejected, 0) === 4);

    const mine = await stats();
    expect(mine.institutions).toEqual([
      { institution: 'jazzcash', name: 'JazzCash', read: 2, rejected: 1, rejected_share: 0.3333, current_hour: { read: 2, rejected: 1 } },
      expect.objectContaining({ institution: 'hbl', rejected: 0, read: 1 }),
    ]);
    // The gauges add every tenant's SMS, as the unfiltered answer does; both read the same rows, at the same hour.
    let agreed = false;
    await waitUntil(async () => {
      const [scraped, all] = [await samples(), await allTenants()];
      const expected = new Map<string, number>();
      for (const count of all.counts) {
        const [result, label] = count.bucket === 'rejected' ? ['rejected', `reason=${count.reason}`] : ['read', `tier=${count.bucket}`];
        for (const window of count.hour === all.current_hour ? ['48h', 'current_hour'] : ['48h']) {
          const name = `pvs_sms_${result}_${window}|${count.institution}|${label}`;
          expected.set(name, (expected.get(name) ?? 0) + count.sms);
        }
      }
      const gauges = new Map(
        scraped
          .filter((s) => /^pvs_sms_(read|rejected)_(48h|current_hour)$/.test(s.name))
          .map((s) => [`${s.name}|${s.labels.institution}|${s.labels.tier ? `tier=${s.labels.tier}` : `reason=${s.labels.reason}`}`, s.value]),
      );
      agreed = JSON.stringify([...gauges].sort()) === JSON.stringify([...expected].sort());
      return agreed;
    });
    expect(agreed).toBe(true);
    expect(valueOf(await samples(), 'pvs_sms_rejected_48h', { institution: 'jazzcash', reason: 'otp_or_promo' })).toBeGreaterThanOrEqual(1);
    }, 60_000);

  it('answers 422 to an hours or tenant_id it cannot take, and 404 to an unknown tenant', async () => {
    for (const query of ['hours=0', 'hours=169', 'hours=1.5', 'hours=abc', 'tenant_id=42']) {
      const answer = await service.admin('GET', `/admin/sms/stats?${query}`);
      expect({ query, status: answer.status, success: answer.body.success, message: typeof answer.body.message }).toEqual({ query, status: 422, success: false, message: 'string' });
    }
    expect((await service.admin('GET', '/admin/sms/stats?tenant_id=00000000-0000-4000-8000-000000000000')).status).toBe(404);
    const week = await service.admin('GET', '/admin/sms/stats?hours=168');
    expect(Date.parse(week.body.data.current_hour) - Date.parse(week.body.data.since)).toBe(167 * 3_600_000);
  });

  it('reports a projection caught up as lag 0, once it has applied every event', async () => {
    await waitUntil(async () => valueOf(await samples(), 'pvs_projection_lag_events', { projection: 'payments' }) === 0);
    expect(valueOf(await samples(), 'pvs_projection_lag_seconds', { projection: 'payments' })).toBe(0);
  });

  it('answers 401 {success:false, message} without the token or with a wrong one, 200 in the text format with it', async () => {
    const wrong = ['Bearer wrong-token-of-some-length', `Basic ${Buffer.from(`x:${metricsToken}`).toString('base64')}`, `Bearer ${metricsToken}x`, metricsToken];
    for (const headers of [{}, ...wrong.map((authorization) => ({ authorization }))]) {
      const refused = await scrape(service, headers);
      expect(refused.status).toBe(401);
      expect(JSON.parse(refused.text)).toEqual({ success: false, message: 'Missing or invalid metrics token' });
    }
    const allowed = await scrape(service, { authorization: `Bearer ${metricsToken}` });
    expect(allowed.status).toBe(200);
    expect(allowed.contentType).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(allowed.text).toContain('# HELP pvs_http_requests_total ');
    expect(allowed.text).toContain('# TYPE pvs_http_request_duration_seconds histogram');
  });

  it('is served at the root only, not under /api/v1', async () => {
    expect((await service.request('GET', '/metrics', { headers: { authorization: `Bearer ${metricsToken}` } })).status).toBe(404);
  });
});

describe('GET /metrics without METRICS_TOKEN', () => {
  let service: TestService;

  beforeAll(async () => {
    service = await startTestService();
  });

  afterAll(() => service.close());

  it('is open', async () => {
    const answer = await scrape(service);
    expect(answer.status).toBe(200);
    expect(valueOf(parseExposition(answer.text), 'pvs_http_requests_total', { route: '/metrics' })).toBeUndefined();
    const again = parseExposition((await scrape(service)).text);
    expect(valueOf(again, 'pvs_http_requests_total', { route: '/metrics', method: 'GET', status_code: '200' })).toBe(1);
  });
});

import { PaymentVerificationClient } from './client';
import { PaymentVerificationError, ServiceUnreachableError, StatusWaitTimeoutError } from './errors';

type Reply = { status: number; body?: unknown; headers?: Record<string, string> } | Error;

/** A fetch answering from a script, recording each request's time, method, path and headers. */
function scripted(...replies: Reply[]) {
  const calls: { at: number; method: string; path: string; headers: Record<string, string>; body?: string }[] = [];
  const fake: typeof fetch = async (input, init) => {
    const url = new URL(String(input));
    calls.push({ at: Date.now(), method: init?.method ?? 'GET', path: url.pathname, headers: Object.fromEntries(Object.entries(init?.headers ?? {})), body: init?.body as string | undefined });
    const reply = replies.shift() ?? { status: 500 };
    if (reply instanceof Error) throw reply;
    return new Response(reply.body === undefined ? null : JSON.stringify(reply.body), { status: reply.status, headers: reply.headers });
  };
  return { fake, calls };
}

const STATUS = (status: string) => ({ status: 200, body: { success: true, data: { uuid: 'u-1', status } } });
const clientWith = (fake: typeof fetch, retries = 3) => new PaymentVerificationClient({ baseUrl: 'http://pvs.test/api/v1/', apiKey: 'pvs_key', fetch: fake, retries });

describe('PaymentVerificationClient', () => {
  it('sends the API key and JSON to the path under the base address, and returns the data', async () => {
    const { fake, calls } = scripted({ status: 200, body: { success: true, message: 'Payment registered', data: { uuid: 'u-1', status: 'pending' } } });
    const payment = await clientWith(fake).registerPayment({ gateway: 'bank', transaction_reference: 'FT1', amount: 10 });
    expect(payment).toEqual({ uuid: 'u-1', status: 'pending' });
    expect(calls).toEqual([
      expect.objectContaining({
        method: 'POST',
        path: '/api/v1/payments/verify',
        headers: { 'x-api-key': 'pvs_key', accept: 'application/json', 'content-type': 'application/json' },
        body: '{"gateway":"bank","transaction_reference":"FT1","amount":10}',
      }),
    ]);
  });

  it('retries a network error and a 5xx with backoff, then answers; gives up after the retries it was given', async () => {
    const { fake, calls } = scripted(new TypeError('fetch failed'), { status: 502 }, STATUS('verified'));
    expect(await clientWith(fake).getStatus('u-1')).toEqual({ uuid: 'u-1', status: 'verified' });
    expect(calls.map((call) => call.path)).toEqual(['/api/v1/payments/status/u-1', '/api/v1/payments/status/u-1', '/api/v1/payments/status/u-1']);
    expect(calls[1].at - calls[0].at).toBeGreaterThanOrEqual(240);
    expect(calls[2].at - calls[1].at).toBeGreaterThanOrEqual(990);

    const down = scripted(new TypeError('fetch failed'), new TypeError('fetch failed'));
    await expect(clientWith(down.fake, 1).health()).rejects.toBeInstanceOf(ServiceUnreachableError);
    expect(down.calls).toHaveLength(2);
    const failing = scripted({ status: 500, body: { success: false, message: 'Internal error' } });
    await expect(clientWith(failing.fake, 0).getStatus('u-1')).rejects.toMatchObject({ status: 500, message: 'Internal error' });
  });

  it('never retries a 4xx, and carries its status, message and Retry-After', async () => {
    const { fake, calls } = scripted({ status: 429, body: { success: false, message: 'Too many requests' }, headers: { 'retry-after': '7' } });
    const error = await clientWith(fake).registerPayment({ gateway: 'bank', transaction_reference: 'FT1', amount: 10 }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(PaymentVerificationError);
    expect(error).toMatchObject({ status: 429, message: 'Too many requests', retryAfterSeconds: 7 });
    expect(calls).toHaveLength(1);
    const proxy = scripted({ status: 404, body: '<html>' });
    await expect(clientWith(proxy.fake).getStatus('u-1')).rejects.toMatchObject({ status: 404, message: 'HTTP 404' });
  });

  it('never sends a link creation twice, since each makes a new link; reads and disabling are retried', async () => {
    const failing = scripted({ status: 502 }, { status: 201, body: { success: true, data: { id: 'l-1' } } });
    await expect(clientWith(failing.fake).createPaymentLink({ amount: 4500 })).rejects.toBeInstanceOf(PaymentVerificationError);
    expect(failing.calls).toHaveLength(1);
    const unreachable = scripted(new TypeError('fetch failed'));
    await expect(clientWith(unreachable.fake).createPaymentLink({ amount: 4500 })).rejects.toBeInstanceOf(ServiceUnreachableError);
    expect(unreachable.calls).toHaveLength(1);
    const created = scripted({ status: 201, body: { success: true, data: { id: 'l-1', url: 'http://pvs.test/pay/k7m2q9x4vt' } } });
    expect(await clientWith(created.fake).createPaymentLink({ amount: 4500, max_uses: 1 })).toEqual({ id: 'l-1', url: 'http://pvs.test/pay/k7m2q9x4vt' });
    expect(created.calls).toEqual([expect.objectContaining({ method: 'POST', path: '/api/v1/payment-links', body: '{"amount":4500,"max_uses":1}' })]);
    const link = { status: 200, body: { success: true, data: { id: 'l-1' } } };
    const reads = scripted({ status: 503 }, link, { status: 502 }, link, { status: 200, body: { success: true, data: [] } }, { status: 200, body: { success: true, data: [] } });
    const client = clientWith(reads.fake);
    expect(await client.getPaymentLink('l/1')).toEqual({ id: 'l-1' });
    expect(await client.disablePaymentLink('l-1')).toEqual({ id: 'l-1' });
    expect(await client.listPaymentLinks({ limit: 5 })).toEqual([]);
    expect(await client.listLinkPayments('l-1')).toEqual([]);
    expect(reads.calls.map((call) => `${call.method} ${call.path}`)).toEqual([
      'GET /api/v1/payment-links/l%2F1',
      'GET /api/v1/payment-links/l%2F1',
      'POST /api/v1/payment-links/l-1/disable',
      'POST /api/v1/payment-links/l-1/disable',
      'GET /api/v1/payment-links',
      'GET /api/v1/payment-links/l-1/payments',
    ]);
  });

  it('answers a degraded health (503) as health, not an error', async () => {
    const { fake } = scripted({ status: 503, body: { status: 'degraded', services: { database: 'down' } } });
    expect(await clientWith(fake).health()).toMatchObject({ status: 'degraded' });
  });

  it('waits for a final status, reading at the interval; a 429 waits as Retry-After says', async () => {
    const { fake, calls } = scripted(STATUS('pending'), STATUS('manual_review'), { status: 429, headers: { 'retry-after': '1' } }, STATUS('verified'));
    expect(await clientWith(fake).waitForStatus('u-1', { intervalMs: 20 })).toEqual({ uuid: 'u-1', status: 'verified' });
    expect(calls).toHaveLength(4);
    expect(calls[1].at - calls[0].at).toBeGreaterThanOrEqual(15);
    expect(calls[3].at - calls[2].at).toBeGreaterThanOrEqual(990);

    const review = scripted(STATUS('pending'), STATUS('manual_review'));
    expect(await clientWith(review.fake).waitForStatus('u-1', { intervalMs: 10, until: ['manual_review', 'verified'] })).toMatchObject({ status: 'manual_review' });
  });

  it('gives up waiting with the last status read, and stops when its signal is aborted', async () => {
    const { fake } = scripted(...Array.from({ length: 50 }, () => STATUS('pending')));
    const started = Date.now();
    const error = await clientWith(fake).waitForStatus('u-1', { intervalMs: 30, timeoutMs: 100 }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(StatusWaitTimeoutError);
    expect(error).toMatchObject({ last: { status: 'pending' } });
    expect(Date.now() - started).toBeLessThan(1_000);

    const controller = new AbortController();
    const stopped = clientWith(scripted(...Array.from({ length: 50 }, () => STATUS('pending'))).fake).waitForStatus('u-1', { intervalMs: 1_000, signal: controller.signal });
    setTimeout(() => controller.abort(new Error('checkout closed')), 20);
    await expect(stopped).rejects.toThrow('checkout closed');
    // Not found is no status to wait for.
    await expect(clientWith(scripted({ status: 404, body: { success: false, message: 'Payment not found' } }).fake).waitForStatus('u-1')).rejects.toMatchObject({ status: 404 });
  });

  it('calls each operation with its method and path, a body (and its content type) only where one is sent', async () => {
    const { fake, calls } = scripted(STATUS('pending'), { status: 200, body: { status: 'verified' } }, { status: 200, body: { status: 'healthy' } });
    const client = new PaymentVerificationClient({ baseUrl: 'http://pvs.test/api/v1//', apiKey: 'pvs_key', fetch: fake });
    await client.getStatus('a b/c');
    await client.ingestSms({ sender: '8558', body: 'Rs 1 received' });
    await client.health();
    expect(calls.map(({ method, path, headers, body }) => ({ method, path, type: headers['content-type'], body }))).toEqual([
      { method: 'GET', path: '/api/v1/payments/status/a%20b%2Fc', type: undefined, body: undefined },
      { method: 'POST', path: '/api/v1/sms/ingest', type: 'application/json', body: '{"sender":"8558","body":"Rs 1 received"}' },
      { method: 'GET', path: '/api/v1/system/health', type: undefined, body: undefined },
    ]);
  });

  it('retries a 500 as it does a 502, waiting as long as a 503 says, and keeps the network error as the cause', async () => {
    const { fake, calls } = scripted({ status: 500 }, { status: 503, headers: { 'retry-after': '1' } }, STATUS('verified'));
    expect(await clientWith(fake).getStatus('u-1')).toMatchObject({ status: 'verified' });
    expect(calls[2].at - calls[1].at).toBeGreaterThanOrEqual(990);
    const cause = new TypeError('getaddrinfo ENOTFOUND pvs.test');
    const error = await clientWith(scripted(cause).fake, 0).getStatus('u-1').catch((caught: unknown) => caught);
    expect(error).toMatchObject({ name: 'ServiceUnreachableError', message: 'GET /payments/status/u-1 failed: getaddrinfo ENOTFOUND pvs.test', cause });
  });

  it('backs off by its schedule, the last wait repeated, after a 5xx as after a network error', async () => {
    for (const failure of [{ status: 502 }, new TypeError('fetch failed')]) {
      const { fake, calls } = scripted(failure, failure, failure, failure, STATUS('verified'));
      const client = new PaymentVerificationClient({ baseUrl: 'http://pvs.test', apiKey: 'k', fetch: fake, retries: 4, backoffMs: [40, 120, 240] });
      await client.getStatus('u-1');
      const pauses = calls.slice(1).map((call, index) => call.at - calls[index].at);
      expect(pauses.map((pause, index) => pause >= [40, 120, 240, 240][index] - 5 && pause < [110, 190, 310, 310][index])).toEqual([true, true, true, true]);
    }
  });

  it('waits as long as a 503 says when that is longer than its backoff', async () => {
    const { fake, calls } = scripted({ status: 503, headers: { 'retry-after': '1' } }, STATUS('verified'));
    await new PaymentVerificationClient({ baseUrl: 'http://pvs.test', apiKey: 'k', fetch: fake, backoffMs: [10] }).getStatus('u-1');
    expect(calls[1].at - calls[0].at).toBeGreaterThanOrEqual(990);
  });

  it('stops waiting at a failed payment too, and reads once more at the deadline', async () => {
    const failed = scripted(STATUS('pending'), STATUS('failed'));
    expect(await clientWith(failed.fake).waitForStatus('u-1', { intervalMs: 10 })).toMatchObject({ status: 'failed' });
    const late = scripted(STATUS('pending'), STATUS('verified'));
    expect(await clientWith(late.fake).waitForStatus('u-1', { intervalMs: 1_000, timeoutMs: 50 })).toMatchObject({ status: 'verified' });
    expect(late.calls[1].at - late.calls[0].at).toBeLessThan(500);
  });

  it('stops waiting when its signal is aborted during a read', async () => {
    const hanging: typeof fetch = (_input, init) => new Promise((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal?.reason)));
    const controller = new AbortController();
    const waiting = clientWith(hanging).waitForStatus('u-1', { signal: controller.signal });
    setTimeout(() => controller.abort(new Error('checkout closed')), 20);
    await expect(waiting).rejects.toThrow('checkout closed');
  });

  it('reads Retry-After as seconds or as an HTTP date, and ignores one it cannot read', async () => {
    const retryAfter = async (value: string) => {
      const error = await clientWith(scripted({ status: 429, headers: { 'retry-after': value } }).fake).getStatus('u-1').catch((caught: unknown) => caught);
      return error instanceof PaymentVerificationError ? error.retryAfterSeconds : error;
    };
    expect(await retryAfter('120')).toBe(120);
    const inAMinute = await retryAfter(new Date(Date.now() + 60_000).toUTCString());
    expect(inAMinute).toBeGreaterThan(58);
    expect(inAMinute).toBeLessThanOrEqual(60);
    expect(await retryAfter(new Date(Date.now() - 60_000).toUTCString())).toBe(0);
    expect(await retryAfter('soon')).toBeNull();
    expect(await clientWith(scripted({ status: 429 }).fake).getStatus('u-1').catch((caught: PaymentVerificationError) => caught.retryAfterSeconds)).toBeNull();
  });

  it('takes the message of the service’s error body only', async () => {
    const messageOf = async (body: unknown) =>
      (await clientWith(scripted({ status: 422, body }).fake).getStatus('u-1').catch((caught: PaymentVerificationError) => `${caught.name}: ${caught.message}`)) as string;
    expect(await messageOf({ success: false, message: 'amount must be positive' })).toBe('PaymentVerificationError: amount must be positive');
    expect(await messageOf({ success: false, message: 42 })).toBe('PaymentVerificationError: HTTP 422');
    expect(await messageOf({ success: false })).toBe('PaymentVerificationError: HTTP 422');
    expect(await messageOf(null)).toBe('PaymentVerificationError: HTTP 422');
    expect(await messageOf('message')).toBe('PaymentVerificationError: HTTP 422');
  });

  it('stops at once when its signal is aborted: before a request, during one, or in a backoff', async () => {
    const aborted = AbortSignal.abort(new Error('gone'));
    const { fake, calls } = scripted(STATUS('pending'));
    await expect(clientWith(fake).getStatus('u-1', { signal: aborted })).rejects.toThrow('gone');
    expect(calls).toHaveLength(0);

    const hanging: typeof fetch = (_input, init) => new Promise((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal?.reason)));
    const controller = new AbortController();
    const during = clientWith(hanging).getStatus('u-1', { signal: controller.signal });
    setTimeout(() => controller.abort(new Error('closed')), 20);
    await expect(during).rejects.toThrow('closed');

    const backoff = new AbortController();
    const started = Date.now();
    const inBackoff = clientWith(scripted({ status: 502 }, STATUS('verified')).fake).getStatus('u-1', { signal: backoff.signal });
    setTimeout(() => backoff.abort(new Error('left')), 50);
    await expect(inBackoff).rejects.toThrow('left');
    expect(Date.now() - started).toBeLessThan(240);
  });

  it('gives up an attempt after its time limit', async () => {
    const slow: typeof fetch = (_input, init) => new Promise((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(new Error('aborted'))));
    const client = new PaymentVerificationClient({ baseUrl: 'http://pvs.test', apiKey: 'k', fetch: slow, timeoutMs: 30, retries: 0 });
    await expect(client.health()).rejects.toMatchObject({ name: 'ServiceUnreachableError' });
  });

  it('throws unreachable when no status could be read before the time was up, and names its timeout', async () => {
    const limited = scripted(...Array.from({ length: 20 }, () => ({ status: 429, headers: { 'retry-after': '5' } })));
    await expect(clientWith(limited.fake).waitForStatus('u-1', { timeoutMs: 50, intervalMs: 10 })).rejects.toMatchObject({ name: 'ServiceUnreachableError', message: 'No status could be read in time' });
    const { fake } = scripted(...Array.from({ length: 20 }, () => STATUS('pending')));
    await expect(clientWith(fake).waitForStatus('u-1', { timeoutMs: 30, intervalMs: 10 })).rejects.toMatchObject({
      name: 'StatusWaitTimeoutError',
      message: 'The payment did not reach the awaited status in time',
    });
  });
});

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
});

import { createServer, IncomingHttpHeaders, IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { AddressInfo, Socket } from 'node:net';
import { NodeHttpWebhookSender, Resolve } from './node-http-webhook-sender';
import { WebhookRequest } from './webhook-sender.port';

interface Received {
  readonly method: string;
  readonly path: string;
  readonly headers: IncomingHttpHeaders;
  readonly body: Buffer;
}

interface Receiver {
  readonly port: number;
  readonly url: string;
  readonly received: Received[];
  connections: number;
}

const servers: ReturnType<typeof createServer>[] = [];

async function receiver(respond: (request: IncomingMessage, response: ServerResponse) => void = (_, response) => response.end('ok')): Promise<Receiver> {
  const received: Received[] = [];
  const handler: RequestListener = (request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => received.push({ method: request.method ?? '', path: request.url ?? '', headers: request.headers, body: Buffer.concat(chunks) }));
    respond(request, response);
  };
  const server = createServer(handler);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const state: Receiver = { port, url: `http://127.0.0.1:${port}`, received, connections: 0 };
  server.on('connection', () => state.connections++);
  return state;
}

async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const loopback: Resolve = async () => [{ address: '127.0.0.1', family: 4 }];
const stubResolver = (answers: readonly { address: string; family: 4 | 6 }[]) => jest.fn<ReturnType<Resolve>, Parameters<Resolve>>(async () => answers);
const post = (url: string, extra: Partial<WebhookRequest> = {}): WebhookRequest => ({ url, headers: {}, body: '{}', timeoutMs: 2000, ...extra });

afterEach(async () => {
  jest.restoreAllMocks();
  await Promise.all(
    servers.splice(0).map((server) => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(resolve));
    }),
  );
});

describe('NodeHttpWebhookSender (private networks allowed, against loopback receivers)', () => {
  const sender = new NodeHttpWebhookSender({ allowPrivateNetworks: true });

  it('POSTs the exact body bytes and headers, adding content-type and user-agent', async () => {
    const merchant = await receiver();
    const body = JSON.stringify({ event: 'payment.verified', note: 'ادائیگی موصول ہو گئی 🎉', amount: 150_000 });
    const headers = { 'x-service-signature': 'ab'.repeat(32), 'webhook-id': 'evt_1', 'webhook-timestamp': '1700000000' };

    const result = await sender.send(post(`${merchant.url}/hooks/pay?tenant=t1`, { headers, body }));

    expect(result).toEqual({ kind: 'response', status: 200, retryAfterSeconds: null, durationMs: expect.any(Number) });
    expect(merchant.received).toHaveLength(1);
    const [delivery] = merchant.received;
    expect(delivery.method).toBe('POST');
    expect(delivery.path).toBe('/hooks/pay?tenant=t1');
    expect(delivery.body.equals(Buffer.from(body, 'utf8'))).toBe(true);
    expect(delivery.headers).toMatchObject({ ...headers, 'content-type': 'application/json', 'user-agent': 'PaymentVerificationService-Webhooks/1.0' });
    expect(delivery.headers['content-length']).toBe(String(Buffer.byteLength(body)));
  });

  it('lets the caller replace the default content-type and user-agent, whatever their case', async () => {
    const merchant = await receiver();
    await sender.send(post(merchant.url, { headers: { 'Content-Type': 'application/cloudevents+json', 'User-Agent': 'custom/2' } }));
    expect(merchant.received[0].headers['content-type']).toBe('application/cloudevents+json');
    expect(merchant.received[0].headers['user-agent']).toBe('custom/2');
  });

  it('resolves the hostname once and connects to the address it resolved', async () => {
    const merchant = await receiver();
    const resolve = stubResolver([{ address: '127.0.0.1', family: 4 }]);
    const pinned = new NodeHttpWebhookSender({ allowPrivateNetworks: true, resolve });

    const result = await pinned.send(post(`http://merchant.invalid:${merchant.port}/hook`));

    expect(result).toMatchObject({ kind: 'response', status: 200 });
    expect(resolve).toHaveBeenCalledTimes(1);
    expect(resolve).toHaveBeenCalledWith('merchant.invalid');
    expect(merchant.received[0].headers.host).toBe(`merchant.invalid:${merchant.port}`);
  });

  it('keeps one connection alive per endpoint for its next webhooks, and opens new ones after close()', async () => {
    const [first, second] = [await receiver(), await receiver()];
    for (let i = 0; i < 3; i++) expect(await sender.send(post(`${first.url}/hook`))).toMatchObject({ kind: 'response', status: 200 });
    await sender.send(post(`${second.url}/hook`));
    expect([first.connections, second.connections]).toEqual([1, 1]);
    // Concurrent webhooks to one endpoint each take a connection of its pool.
    await Promise.all([1, 2].map(() => sender.send(post(`${first.url}/hook`))));
    expect(first.connections).toBe(2);

    sender.close();
    await sender.send(post(`${first.url}/hook`));
    expect(first.connections).toBe(3);
    expect(first.received).toHaveLength(6);
  });

  it('returns a 500 as a response', async () => {
    const merchant = await receiver((_, response) => response.writeHead(500).end('boom'));
    expect(await sender.send(post(merchant.url))).toMatchObject({ kind: 'response', status: 500, retryAfterSeconds: null });
  });

  it('reads Retry-After as delay-seconds and as an HTTP-date', async () => {
    const inSeconds = await receiver((_, response) => response.writeHead(429, { 'retry-after': '120' }).end());
    const asDate = await receiver((_, response) => response.writeHead(503, { 'retry-after': new Date(Date.now() + 90_000).toUTCString() }).end());
    const invalid = await receiver((_, response) => response.writeHead(503, { 'retry-after': 'later' }).end());

    expect(await sender.send(post(inSeconds.url))).toMatchObject({ status: 429, retryAfterSeconds: 120 });
    const dated = await sender.send(post(asDate.url));
    expect(dated).toMatchObject({ status: 503 });
    expect(dated.kind === 'response' && dated.retryAfterSeconds).toBeGreaterThanOrEqual(88);
    expect(dated.kind === 'response' && dated.retryAfterSeconds).toBeLessThanOrEqual(91);
    expect(await sender.send(post(invalid.url))).toMatchObject({ status: 503, retryAfterSeconds: null });
  });

  it('does not follow redirects', async () => {
    const elsewhere = await receiver();
    const merchant = await receiver((_, response) => response.writeHead(302, { location: `${elsewhere.url}/stolen` }).end());

    expect(await sender.send(post(merchant.url))).toMatchObject({ kind: 'response', status: 302 });
    expect(elsewhere.connections).toBe(0);
  });

  it('fails with a timeout when the receiver never answers', async () => {
    const silent = await receiver(() => undefined);
    const result = await sender.send(post(silent.url, { timeoutMs: 300 }));
    expect(result).toEqual({ kind: 'failed', error: 'timed out after 300 ms', durationMs: expect.any(Number) });
    expect(result.durationMs).toBeGreaterThanOrEqual(295);
    expect(result.durationMs).toBeLessThan(1500);
  });

  it('bounds reading the response body by the same timeout', async () => {
    const trickling = await receiver((_, response) => {
      response.writeHead(200);
      response.write('still thinking');
    });
    expect(await sender.send(post(trickling.url, { timeoutMs: 300 }))).toMatchObject({ kind: 'failed', error: 'timed out after 300 ms' });
  });

  it('bounds name resolution by the same timeout', async () => {
    const stalled = new NodeHttpWebhookSender({ allowPrivateNetworks: true, resolve: () => new Promise(() => undefined) });
    expect(await stalled.send(post('http://slow-dns.invalid/', { timeoutMs: 300 }))).toMatchObject({ kind: 'failed', error: 'timed out after 300 ms' });
  });

  it('reads no more than maxResponseBytes of an endless response', async () => {
    const firehose = await receiver((_, response) => {
      response.writeHead(200);
      const flood = () => response.write(Buffer.alloc(16 * 1024, 'x'), () => setImmediate(flood));
      flood();
    });
    const capped = new NodeHttpWebhookSender({ allowPrivateNetworks: true, maxResponseBytes: 1024 });
    expect(await capped.send(post(firehose.url, { timeoutMs: 2000 }))).toMatchObject({ kind: 'response', status: 200 });
  });

  it('fails when the connection is refused', async () => {
    const result = await sender.send(post(`http://127.0.0.1:${await closedPort()}/`));
    expect(result).toMatchObject({ kind: 'failed', error: expect.stringContaining('ECONNREFUSED') });
  });

  it('fails when the name does not resolve', async () => {
    const unresolvable = new NodeHttpWebhookSender({
      allowPrivateNetworks: true,
      resolve: async (host) => {
        throw new Error(`getaddrinfo ENOTFOUND ${host}`);
      },
    });
    const empty = new NodeHttpWebhookSender({ allowPrivateNetworks: true, resolve: async () => [] });
    expect(await unresolvable.send(post('http://gone.invalid/'))).toMatchObject({ kind: 'failed', error: 'getaddrinfo ENOTFOUND gone.invalid' });
    expect(await empty.send(post('http://gone.invalid/'))).toMatchObject({ kind: 'failed', error: 'gone.invalid did not resolve to any address' });
  });

  it('never throws: bad URLs are refused and bad headers fail', async () => {
    for (const url of ['not a url', 'ftp://127.0.0.1/', 'file:///etc/passwd', 'javascript:alert(1)']) {
      expect(await sender.send(post(url))).toMatchObject({ kind: 'refused' });
    }
    const merchant = await receiver();
    expect(await sender.send(post(merchant.url, { headers: { 'x-evil': 'a\r\nInjected: yes' } }))).toMatchObject({ kind: 'failed' });
    expect(merchant.received).toHaveLength(0);
  });
});

describe('NodeHttpWebhookSender SSRF policy (private networks refused)', () => {
  // Every test here proves that no socket was ever asked to connect, so no traffic can reach private addresses.
  function refusingSender(resolve: Resolve = loopback) {
    const connect = jest.spyOn(Socket.prototype, 'connect');
    return { sender: new NodeHttpWebhookSender({ allowPrivateNetworks: false, resolve }), connect };
  }

  it('refuses a hostname that resolves to loopback, while a real server listens there', async () => {
    const server = await receiver();
    const resolve = stubResolver([{ address: '127.0.0.1', family: 4 }]);
    const { sender, connect } = refusingSender(resolve);

    const result = await sender.send(post(`http://merchant.invalid:${server.port}/hook`));

    expect(result).toEqual({
      kind: 'refused',
      reason: 'destination merchant.invalid (127.0.0.1) is a loopback address (set WEBHOOK_ALLOW_PRIVATE_NETWORKS=true to allow)',
      durationMs: expect.any(Number),
    });
    expect(result.durationMs).toBeLessThan(100);
    expect(resolve).toHaveBeenCalledTimes(1);
    expect(connect).not.toHaveBeenCalled();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(server.connections).toBe(0);
  });

  it('refuses private IP literals, however the URL spells them, without resolving them', async () => {
    const server = await receiver();
    const resolve = stubResolver([]);
    const { sender, connect } = refusingSender(resolve);
    const literals = [
      [`http://127.0.0.1:${server.port}/`, '127.0.0.1'],
      [`http://[::1]:${server.port}/`, '::1'],
      [`http://[::ffff:127.0.0.1]:${server.port}/`, '::ffff:7f00:1'],
      [`http://2130706433:${server.port}/`, '127.0.0.1'],
      [`http://0x7f.1:${server.port}/`, '127.0.0.1'],
      [`http://0.0.0.0:${server.port}/`, '0.0.0.0'],
      ['http://10.0.0.1/', '10.0.0.1'],
      ['http://169.254.169.254/latest/meta-data', '169.254.169.254'],
      ['https://[fd00:ec2::254]/latest/meta-data', 'fd00:ec2::254'],
      ['http://[64:ff9b::a9fe:a9fe]/', '64:ff9b::a9fe:a9fe'],
    ];

    for (const [url, address] of literals) {
      const result = await sender.send(post(url));
      // Each refusal names what kind of address it is ("a loopback address", "a link-local address", …).
      expect([url, result]).toEqual([url, { kind: 'refused', reason: expect.stringMatching(new RegExp(`^destination ${address.replace(/[.[\]]/g, '\\$&')} is (a|an|the) [a-z -]+ address( \\([a-z ]+\\))? \\(set WEBHOOK_ALLOW_PRIVATE_NETWORKS=true to allow\\)$`)), durationMs: expect.any(Number) }]);
    }
    expect(resolve).not.toHaveBeenCalled();
    expect(connect).not.toHaveBeenCalled();
    expect(server.connections).toBe(0);
  });

  it.each([
    ['a private address', [{ address: '10.1.2.3', family: 4 }], '10.1.2.3) is a private network address'],
    ['the metadata address', [{ address: '169.254.169.254', family: 4 }], '169.254.169.254) is a link-local address'],
    ['IPv6 loopback', [{ address: '::1', family: 6 }], '::1) is a loopback address'],
    ['an IPv4-mapped loopback', [{ address: '::ffff:127.0.0.1', family: 6 }], '::ffff:127.0.0.1) is a loopback address'],
    ['a unique local IPv6 address', [{ address: 'fd00::1', family: 6 }], 'fd00::1) is a private network address (unique local)'],
    ['public and private addresses', [{ address: '93.184.216.34', family: 4 }, { address: '10.1.2.3', family: 4 }], '10.1.2.3) is a private network address'],
  ] as const)('refuses a hostname that resolves to %s, naming what it is', async (_, answers, named) => {
    const { sender, connect } = refusingSender(stubResolver(answers));
    const result = await sender.send(post('https://merchant.invalid/webhooks'));
    expect(result).toMatchObject({ kind: 'refused', reason: `destination merchant.invalid (${named} (set WEBHOOK_ALLOW_PRIVATE_NETWORKS=true to allow)` });
    expect(connect).not.toHaveBeenCalled();
  });
});

import { mkdirSync, mkdtempSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TENANT_CREDENTIAL_ROTATED, TENANT_UPDATED, tenantStream } from '@pvs/contracts';
import { TestService, TestTenant, startTestService } from '@pvs/embedded/testing';
import { EVENT_STORE, EventStore } from '@pvs/event-store';

/** Every answer of the service to a raw HTTP exchange: what came back before it closed the connection. */
function rawExchange(port: number, write: (send: (chunk: string) => boolean) => void): Promise<{ text: string; closedAfterMs: number }> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const socket = connect(port, '127.0.0.1');
    let text = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (text += chunk));
    socket.on('error', reject);
    socket.on('close', () => resolve({ text, closedAfterMs: Date.now() - started }));
    socket.on('connect', () => write((chunk) => !socket.destroyed && socket.write(chunk)));
  });
}

const envelopeOf = (text: string) => JSON.parse(text.slice(text.indexOf('\r\n\r\n') + 4)) as unknown;

describe('hardening of the embedded service', () => {
  let service: TestService;
  let tenant: TestTenant;
  let port: number;
  const eventCount = async () => (await service.app.get<EventStore>(EVENT_STORE).backlog()).events;

  beforeAll(async () => {
    service = await startTestService({ requestTimeoutMs: 1_500 });
    tenant = await service.createTenant();
    port = Number(new URL(service.baseUrl).port);
  });

  afterAll(() => service.close());

  describe('bodies that once answered 500', () => {
    const deep = (levels: number) => `${'['.repeat(levels)}${']'.repeat(levels)}`;

    it.each([
      ['verify, client_metadata 2,000 arrays deep', '/payments/verify', () => ({ 'x-api-key': tenant.apiKey }), `{"gateway":"bank","transaction_reference":"DEEP1","amount":10,"client_metadata":{"a":${deep(2_000)}}}`],
      ['ingest, 30,000 arrays deep', '/sms/ingest', () => ({ 'x-gateway-secret': tenant.gatewaySecret }), `{"sender":"8558","body":${deep(30_000)}}`],
      ['a tenant, receiving_accounts 1,500 deep', '/admin/tenants', () => ({ authorization: `Bearer ${service.adminToken}` }), `{"name":"x","receiving_accounts":{"bank":${deep(1_500)}}}`],
    ])('refuses %s with 422, recording nothing', async (_label, path, headers, rawBody) => {
      const before = await eventCount();
      const response = await service.request('POST', path, { headers: { ...headers(), 'content-type': 'application/json' }, rawBody });
      expect(response.status).toBe(422);
      expect(response.body).toEqual({ success: false, message: 'The request body nests deeper than 32 levels' });
      expect(await eventCount()).toBe(before);
    });

    it.each(['1e-7', '5e-7', '0.0000001', '1e21'])('refuses an amount of %s with 422', async (amount) => {
      const response = await service.request('POST', '/payments/verify', {
        headers: { 'x-api-key': tenant.apiKey, 'content-type': 'application/json' },
        rawBody: `{"gateway":"bank","transaction_reference":"TINY${amount.length}","amount":${amount}}`,
      });
      expect(response.status).toBe(422);
      expect(response.body.message).toContain('amount must be a number with at most 2 decimals');
    });

    it('refuses a body that is not UTF-8 with 400, instead of storing replacement characters', async () => {
      const before = await eventCount();
      const body = Buffer.concat([Buffer.from('{"gateway":"bank","transaction_reference":"AB'), Buffer.from([0xff, 0xfe]), Buffer.from('C1","amount":10}')]);
      const response = await fetch(`${service.baseUrl}/payments/verify`, {
        method: 'POST',
        headers: { 'x-api-key': tenant.apiKey, 'content-type': 'application/json' },
        body: body,
      });
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ success: false, message: 'The request body is not valid UTF-8' });
      expect(await eventCount()).toBe(before);
    });
  });

  describe('concurrent writes to one tenant', () => {
    it('answers 50 parallel changes and 50 parallel key rotations with 200 or 409 only, each 200 recorded once', async () => {
      const { id } = await service.createTenant();
      const changes = await Promise.all(
        Array.from({ length: 50 }, (_, index) => service.admin('PATCH', `/admin/tenants/${id}`, { unpaid_cycle_limit: index + 1 })),
      );
      const rotations = await Promise.all(Array.from({ length: 50 }, () => service.admin('POST', `/admin/tenants/${id}/rotate-api-key`)));
      for (const response of [...changes, ...rotations]) {
        expect([200, 409]).toContain(response.status);
        if (response.status === 409) expect(response.body).toEqual({ success: false, message: expect.stringContaining('try again') });
      }
      const history = await service.app.get<EventStore>(EVENT_STORE).readStream(tenantStream(id));
      const rotated = rotations.filter((response) => response.status === 200);
      expect(history.filter((event) => event.type === TENANT_CREDENTIAL_ROTATED)).toHaveLength(rotated.length);
      expect(history.filter((event) => event.type === TENANT_UPDATED).length).toBeLessThanOrEqual(changes.filter((response) => response.status === 200).length);
      // The key of the last rotation recorded is the one that works.
      const keys = rotated.map((response) => response.body.data.api_key as string);
      const unknownPayment = '/payments/status/00000000-0000-5000-8000-000000000000';
      const answers = await Promise.all(keys.map((key) => service.request('GET', unknownPayment, { headers: { 'x-api-key': key } })));
      expect(answers.map((response) => response.status).sort()).toEqual([...Array(keys.length - 1).fill(401), 404].sort());
    });
  });

  describe('framework answers in our envelope', () => {
    it('answers a form-encoded body with the documented 415', async () => {
      const response = await service.request('POST', '/payments/verify', {
        headers: { 'x-api-key': tenant.apiKey, 'content-type': 'application/x-www-form-urlencoded' },
        rawBody: 'gateway=bank&transaction_reference=FORM1&amount=10',
      });
      expect(response.status).toBe(415);
      expect(response.body).toEqual({ success: false, message: 'Unsupported content type: send application/json' });
    });

    it('serves a path with a trailing slash as the path without it', async () => {
      const unknown = '00000000-0000-5000-8000-000000000000';
      const headers = { 'x-api-key': tenant.apiKey };
      const [plain, slashed] = await Promise.all([
        service.request('GET', `/payments/status/${unknown}`, { headers }),
        service.request('GET', `/payments/status/${unknown}/`, { headers }),
      ]);
      expect(slashed.status).toBe(404);
      expect(slashed.body).toEqual(plain.body);
    });

    it('answers a 60 KB query with 431 in our envelope', async () => {
      const response = await service.request('GET', `/system/health?${'a'.repeat(60_000)}`);
      expect(response.status).toBe(431);
      expect(response.body).toEqual({ success: false, message: 'The request line and headers exceed the size limit (16 KB)' });
    });
  });

  describe('slow clients', () => {
    it('closes a request whose body trickles in, with 408, soon after the request timeout', async () => {
      const { text, closedAfterMs } = await rawExchange(port, (send) => {
        send(`POST /api/v1/sms/ingest HTTP/1.1\r\nHost: x\r\nX-Api-Key: pvs_presented\r\nContent-Type: application/json\r\nContent-Length: 200\r\n\r\n{`);
        const drip = setInterval(() => send(' ') || clearInterval(drip), 200);
        setTimeout(() => clearInterval(drip), 10_000);
      });
      expect(text).toMatch(/^HTTP\/1\.1 408 /);
      expect(envelopeOf(text)).toEqual({ success: false, message: 'The request was not received in time' });
      expect(closedAfterMs).toBeGreaterThanOrEqual(1_500);
      expect(closedAfterMs).toBeLessThan(4_000);
    });

    it('answers a request that presents no credential before reading its body, with the guard\'s own 401', async () => {
      const { text, closedAfterMs } = await rawExchange(port, (send) => {
        send(`POST /api/v1/payments/verify HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: 5000\r\n\r\n{`);
      });
      expect(text).toMatch(/^HTTP\/1\.1 401 /);
      expect(envelopeOf(text)).toEqual({ success: false, message: 'Missing or invalid API key' });
      expect(closedAfterMs).toBeLessThan(1_000);
    });

    it('closes a connection whose headers never end', async () => {
      const { text, closedAfterMs } = await rawExchange(port, (send) => {
        send('GET /api/v1/system/health HTTP/1.1\r\nHost: x\r\n');
        const drip = setInterval(() => send('X-Slow: 1\r\n') || clearInterval(drip), 200);
        setTimeout(() => clearInterval(drip), 10_000);
      });
      expect(text).toMatch(/^HTTP\/1\.1 408 /);
      expect(closedAfterMs).toBeLessThan(4_000);
    });
  });
});

describe('limits on guessing credentials and on the operators\' API', () => {
  let service: TestService;
  let tenant: TestTenant;
  const from = (address: string, headers: Record<string, string> = {}) => ({ 'x-forwarded-for': address, ...headers });
  const status = (address: string, apiKey?: string) =>
    service.request('GET', '/payments/status/00000000-0000-5000-8000-000000000000', { headers: from(address, apiKey === undefined ? {} : { 'x-api-key': apiKey }) });
  /** The tenant's API key with another secret: its key id, guessed. */
  const guessed = (apiKey: string, guess: number) => `${apiKey.slice(0, -6)}${String(guess).padStart(6, '0')}`;

  beforeAll(async () => {
    service = await startTestService({ trustProxy: true, authFailureLimit: 5, authFailureBlockMs: 60_000, adminRateLimit: 30 });
    tenant = await service.createTenant();
  });

  afterAll(() => service.close());

  it('blocks a client address after 5 wrong keys, even when it then sends the right one, and no other address', async () => {
    for (let guess = 0; guess < 5; guess++) expect((await status('203.0.113.1', `pvs_wrong_${guess}`)).status).toBe(401);
    const blocked = await status('203.0.113.1', tenant.apiKey);
    expect(blocked.status).toBe(429);
    expect(blocked.body).toEqual({ success: false, message: expect.stringMatching(/^Too many failed authentication attempts; retry after \d+ s$/) });
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(50);
    expect((await status('203.0.113.2', tenant.apiKey)).status).toBe(404);
  });

  it("blocks a key id after 5 wrong secrets from 5 addresses: its holder waits too (the README says so)", async () => {
    const victim = await service.createTenant();
    for (let guess = 0; guess < 5; guess++) expect((await status(`198.51.100.${guess}`, guessed(victim.apiKey, guess))).status).toBe(401);
    expect((await status('198.51.100.200', victim.apiKey)).status).toBe(429);
    expect((await status('198.51.100.200', tenant.apiKey)).status).toBe(404);
  });

  it('counts no request that presents no credential', async () => {
    for (let attempt = 0; attempt < 10; attempt++) expect((await status('192.0.2.7')).status).toBe(401);
    expect((await status('192.0.2.7', tenant.apiKey)).status).toBe(404);
  });

  it('counts wrong gateway secrets and admin tokens alike', async () => {
    for (let guess = 0; guess < 5; guess++) {
      const ingest = await service.request('POST', '/sms/ingest', { body: { sender: '8558', body: 'x' }, headers: from('192.0.2.8', { 'x-gateway-secret': `pvsgw_wrong_${guess}` }) });
      expect(ingest.status).toBe(401);
    }
    const ingest = await service.request('POST', '/sms/ingest', { body: { sender: '8558', body: 'x' }, headers: from('192.0.2.8', { 'x-gateway-secret': tenant.gatewaySecret }) });
    expect(ingest.status).toBe(429);
    for (let guess = 0; guess < 5; guess++) {
      expect((await service.request('GET', '/admin/tenants', { headers: from('192.0.2.9', { authorization: `Bearer wrong-${guess}` }) })).status).toBe(401);
    }
    expect((await service.request('GET', '/admin/tenants', { headers: from('192.0.2.9', { authorization: `Bearer ${service.adminToken}` }) })).status).toBe(429);
  });

  it('answers the 31st admin request of a minute from one address with 429', async () => {
    const admin = () => service.request('GET', '/admin/projections', { headers: from('192.0.2.10', { authorization: `Bearer ${service.adminToken}` }) });
    for (let call = 0; call < 30; call++) expect((await admin()).status).toBe(200);
    const limited = await admin();
    expect(limited.status).toBe(429);
    expect(limited.body.message).toMatch(/^Rate limit exceeded: 30 admin requests a minute; retry after \d+ s$/);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});

describe('defaults by where the service listens', () => {
  const origin = (service: TestService) => new URL(service.baseUrl).origin;
  const get = (service: TestService, path: string, headers: Record<string, string> = {}) => fetch(`${origin(service)}${path}`, { headers });

  it('on a public address, keeps /metrics closed without METRICS_TOKEN and the API documentation to the admin token', async () => {
    const service = await startTestService({ host: '0.0.0.0' });
    try {
      const metrics = await get(service, '/metrics');
      expect(metrics.status).toBe(401);
      expect(await metrics.json()).toEqual({ success: false, message: 'Metrics are not served on a public address without METRICS_TOKEN' });
      for (const path of ['/api/v1/openapi.json', '/api/docs', '/api/docs/', '/api/docs/swagger-ui-init.js']) {
        const closed = await get(service, path);
        expect({ path, status: closed.status }).toEqual({ path, status: 401 });
        expect(await closed.json()).toEqual({ success: false, message: 'The API documentation is not public here: set DOCS_ENABLED=true, or send the admin token' });
      }
      const withToken = await get(service, '/api/v1/openapi.json', { authorization: `Bearer ${service.adminToken}` });
      expect(withToken.status).toBe(200);
      expect((await get(service, '/api/v1/system/health')).status).toBe(200);
    } finally {
      await service.close();
    }
  });

  it('on a public address, opens the documentation with DOCS_ENABLED and /metrics with its token', async () => {
    const metricsToken = 'metrics-token-for-the-test-0123';
    const service = await startTestService({ host: '0.0.0.0', docsPublic: true, metricsToken });
    try {
      expect((await get(service, '/api/v1/openapi.json')).status).toBe(200);
      expect((await get(service, '/metrics', { authorization: `Bearer ${metricsToken}` })).status).toBe(200);
      expect((await get(service, '/metrics')).status).toBe(401);
    } finally {
      await service.close();
    }
  });

  it('on loopback, serves both openly, as on a developer machine', async () => {
    const service = await startTestService();
    try {
      expect((await get(service, '/metrics')).status).toBe(200);
      expect((await get(service, '/api/v1/openapi.json')).status).toBe(200);
    } finally {
      await service.close();
    }
  });
});

describe('security headers', () => {
  let service: TestService;

  beforeAll(async () => {
    service = await startTestService();
  });

  afterAll(() => service.close());

  const headersOf = async (path: string, init: RequestInit = {}) => (await fetch(`${new URL(service.baseUrl).origin}${path}`, init)).headers;

  it.each([
    ['an API answer', '/api/v1/system/health'],
    ['an error', '/api/v1/payments/status/x'],
    ['a 404 outside the API', '/nowhere'],
    ['the OpenAPI document', '/api/v1/openapi.json'],
    ['Swagger UI', '/api/docs'],
    ['the admin page', '/admin'],
  ])('are on %s', async (_label, path) => {
    const headers = await headersOf(path);
    expect(headers.get('x-content-type-options')).toBe('nosniff');
    expect(headers.get('x-frame-options')).toBe('DENY');
    expect(headers.get('referrer-policy')).toBe('no-referrer');
    expect(headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(headers.get('cache-control')).toMatch(/no-store|no-cache/);
  });

  it('forbid scripts in JSON answers, and keep the admin page its own policy', async () => {
    expect((await headersOf('/api/v1/system/health')).get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
    expect((await headersOf('/admin')).get('content-security-policy')).toContain("script-src 'self'");
  });
});

describe('shutting down', () => {
  it('closes as soon as its last request is answered, not after the keep-alive timeout of that connection', async () => {
    const service = await startTestService();
    // A long poll in flight on a kept-alive connection when the close begins.
    const inFlight = service.admin('GET', '/admin/events?wait_ms=1000').catch(() => null);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const started = Date.now();
    await service.close();
    await inFlight;
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});

describe('the data folder of the embedded service', () => {
  /** Modes of every folder and file under `root`, by path relative to it. */
  function modes(root: string): Map<string, number> {
    const found = new Map<string, number>();
    const folders = [root];
    for (let folder = folders.pop(); folder !== undefined; folder = folders.pop()) {
      found.set(folder.slice(root.length) || '/', statSync(folder).mode & 0o777);
      for (const entry of readdirSync(folder, { withFileTypes: true })) {
        const path = join(folder, entry.name);
        if (entry.isDirectory()) folders.push(path);
        else found.set(path.slice(root.length), statSync(path).mode & 0o777);
      }
    }
    return found;
  }

  it('is private to the service user: what it creates, what PGlite writes, and what an older version left open', async () => {
    const dataDir = join(mkdtempSync(join(tmpdir(), 'pvs-private-')), 'data');
    mkdirSync(join(dataDir, 'old'), { recursive: true, mode: 0o755 });
    writeFileSync(join(dataDir, 'old', 'left-open'), 'x', { mode: 0o666 });
    const previousUmask = process.umask(0o022);
    const service = await startTestService({ dataDir });
    try {
      const tenant = await service.createTenant();
      const response = await service.request('POST', '/payments/verify', {
        body: { gateway: 'bank', transaction_reference: 'PRIVATE1', amount: 10 },
        headers: { 'x-api-key': tenant.apiKey },
      });
      expect(response.status).toBe(200);
    } finally {
      await service.close();
      process.umask(previousUmask);
    }
    const found = modes(dataDir);
    expect([...found.keys()]).toEqual(expect.arrayContaining(['/', '/old', '/old/left-open', '/pglite']));
    expect(found.size).toBeGreaterThan(20);
    const open = [...found].filter(([path, mode]) => mode !== (statSync(join(dataDir, path)).isDirectory() ? 0o700 : 0o600));
    expect(open).toEqual([]);
  });
});

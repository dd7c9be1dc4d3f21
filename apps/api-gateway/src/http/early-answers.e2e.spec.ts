import { connect } from 'node:net';
import { TestService, TestTenant, startTestService } from '@pvs/embedded/testing';

interface Exchange {
  /** Everything the server wrote before it closed the connection (or before the test gave up waiting). */
  readonly text: string;
  /** When the server closed the connection, from the first byte of the answer; null when it kept it open. */
  readonly closedAfterAnswerMs: number | null;
}

/** Sends `request` on a fresh connection and collects what comes back until the server closes it or `waitMs` passes. */
function exchange(port: number, request: string, waitMs: number): Promise<Exchange> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let text = '';
    let answeredAt: number | null = null;
    const settle = (closedAfterAnswerMs: number | null) => {
      clearTimeout(timer);
      socket.destroy();
      resolve({ text, closedAfterAnswerMs });
    };
    const timer = setTimeout(() => settle(null), waitMs);
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      answeredAt ??= Date.now();
      text += chunk;
    });
    socket.on('error', reject);
    socket.on('close', () => settle(Date.now() - (answeredAt ?? Date.now())));
    socket.on('connect', () => socket.write(request));
  });
}

/** The first response in what the server wrote, and whatever it wrote after it. */
function firstResponse(text: string) {
  const headEnd = text.indexOf('\r\n\r\n');
  const [statusLine, ...headerLines] = text.slice(0, headEnd).split('\r\n');
  const headers = new Map(headerLines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]));
  const bodyEnd = headEnd + 4 + Number(headers.get('content-length'));
  return { statusLine, headers, body: JSON.parse(text.slice(headEnd + 4, bodyEnd)) as unknown, after: text.slice(bodyEnd) };
}

describe('answers given before the body is read', () => {
  let service: TestService;
  let tenant: TestTenant;
  let port: number;

  beforeAll(async () => {
    // A short request timeout: a connection left reading the body would get its 408 within the wait below.
    service = await startTestService({ requestTimeoutMs: 1_500 });
    tenant = await service.createTenant();
    port = Number(new URL(service.baseUrl).port);
  });

  afterAll(() => service.close());

  const twentyMegabytes = (credential: string) =>
    `POST /api/v1/payments/verify HTTP/1.1\r\nHost: x\r\n${credential}Content-Type: application/json\r\nContent-Length: 20971520\r\n\r\n{"gateway":`;

  it.each([
    ['a 401 (no credential)', '', 'HTTP/1.1 401 Unauthorized', 'Missing or invalid API key'],
    ['a 413 (the body announced too large)', 'X-Api-Key: pvs_presented\r\n', 'HTTP/1.1 413 Payload Too Large', 'The request body exceeds the limit of 64 KB'],
  ])('closes the connection after %s, answered before a 20 MB body arrives, and writes nothing after it', async (_, credential, statusLine, message) => {
    const { text, closedAfterAnswerMs } = await exchange(port, twentyMegabytes(credential), 4_000);

    const answer = firstResponse(text);
    expect(answer.statusLine).toBe(statusLine);
    expect(answer.headers.get('connection')).toBe('close');
    expect(answer.body).toEqual({ success: false, message });
    expect(answer.after).toBe('');
    expect(closedAfterAnswerMs).not.toBeNull();
    expect(closedAfterAnswerMs).toBeLessThan(500);
  });

  it.each([
    ['a body read', () => {
      const body = JSON.stringify({ gateway: 'bank', transaction_reference: 'KEEP1', amount: 10 });
      return `POST /api/v1/payments/verify HTTP/1.1\r\nHost: x\r\nX-Api-Key: ${tenant.apiKey}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;
    }, 'HTTP/1.1 200 OK'],
    ['no body, no credential', () => 'GET /api/v1/payments/status/00000000-0000-5000-8000-000000000000 HTTP/1.1\r\nHost: x\r\n\r\n', 'HTTP/1.1 401 Unauthorized'],
  ])('keeps a kept-alive connection open after an answer to a request with %s', async (_, request, statusLine) => {
    const { text, closedAfterAnswerMs } = await exchange(port, request(), 2_500);

    const answer = firstResponse(text);
    expect(answer.statusLine).toBe(statusLine);
    expect(answer.headers.get('connection')).toBe('keep-alive');
    expect(answer.after).toBe('');
    expect(closedAfterAnswerMs).toBeNull();
  });
});

describe('a JSON body with a __proto__ key', () => {
  let service: TestService;
  let tenant: TestTenant;

  beforeAll(async () => {
    service = await startTestService();
    tenant = await service.createTenant();
  });

  afterAll(() => service.close());

  const verify = (rawBody: string) =>
    service.request('POST', '/payments/verify', { headers: { 'x-api-key': tenant.apiKey, 'content-type': 'application/json' }, rawBody });

  it.each([
    ['at the top', '{"gateway":"bank","transaction_reference":"P1","amount":10,"__proto__":{"admin":true}}', '__proto__'],
    ['deep inside, spelled with escapes', '{"gateway":"bank","transaction_reference":"P2","amount":10,"client_metadata":{"a":[{"\\u005f_proto__":{}}]}}', '__proto__'],
    ['as constructor.prototype', '{"gateway":"bank","transaction_reference":"P3","amount":10,"client_metadata":{"constructor":{"prototype":{"admin":true}}}}', 'constructor.prototype'],
  ])('is refused with 400 naming the key, %s', async (_, rawBody, key) => {
    const response = await verify(rawBody);
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ success: false, message: `The key "${key}" is not accepted in a request body` });
  });

  it('leaves JSON that is not valid called so', async () => {
    const response = await verify('{"gateway":"bank",');
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ success: false, message: "Body is not valid JSON but content-type is set to 'application/json'" });
  });
});

import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { createTestDatabase, TestDatabase } from '@pvs/sql/testing';
import { describeWith } from '@pvs/testing';
import { POLICY_TABLE, PolicyDriver, ReadYourWrites, WebhookReceiver, payThroughService, readCredits, payUnderPolicy } from '@pvs/embedded/testing';
import { SEALED } from '@pvs/sms-parsers/testing';
import { OtlpReceiver } from '@pvs/observability/testing';
import { describeChain, tracePayment } from './payment-trace';
import { ServiceProcess, distributedEnv, buildOnce, freePort, jsonClient } from './service-processes';

describeWith(['postgres', 'kafka', 'redis'], 'distributed mode: four processes on PostgreSQL, Kafka and Redis', () => {
  let database: TestDatabase;
  let receiver: WebhookReceiver;
  const spans = new OtlpReceiver();
  const processes: ServiceProcess[] = [];
  const gateways: string[] = [];
  const adminToken = randomBytes(24).toString('base64url');
  const metricsToken = randomBytes(24).toString('base64url');
  let matcherMetrics: string;

  beforeAll(async () => {
    buildOnce();
    database = await createTestDatabase();
    receiver = await new WebhookReceiver().start();
    await spans.start();
    // Traced, as an operator turns it on: every process exports its spans over OTLP/HTTP.
    const tracing = { OTEL_EXPORTER_OTLP_ENDPOINT: spans.endpoint, OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json', OTEL_BSP_SCHEDULE_DELAY: '100' };
    // The read-your-writes test asks every ingest for the matcher's word: a loaded CI machine (every process traced,
    // other suites running) once took longer than the default 2 s, and this suite is about consistency, not latency.
    const env = distributedEnv(database.url, adminToken, { WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true', METRICS_TOKEN: metricsToken, SMS_DECISION_WAIT_MS: '10000', ...tracing });
    const metricsPort = await freePort();
    matcherMetrics = `http://127.0.0.1:${metricsPort}/metrics`;
    for (const app of ['matcher', 'projector', 'notifier'] as const) {
      processes.push(new ServiceProcess(app, app === 'matcher' ? { ...env, METRICS_PORT: String(metricsPort) } : env));
    }
    for (let i = 0; i < 2; i++) {
      const port = await freePort();
      processes.push(new ServiceProcess('api-gateway', { ...env, PORT: String(port) }));
      gateways.push(`http://127.0.0.1:${port}/api/v1`);
    }
    await Promise.all(processes.map((p) => p.waitForOutput(p.app === 'api-gateway' ? 'listening on' : 'running', 60_000)));
  }, 120_000);

  afterAll(async () => {
    const exits = await Promise.all(processes.map((p) => p.stop()));
    await receiver?.stop();
    await spans.stop();
    await database?.drop();
    expect(exits).toEqual(processes.map(() => 0));
  }, 60_000);

  const call = (gateway: string, ...rest: Parameters<ReturnType<typeof jsonClient>>) => jsonClient(() => gateway)(...rest);

  it('reports PostgreSQL, Redis and Kafka healthy', async () => {
    const health = await call(gateways[0], 'GET', '/system/health');
    expect(health.status).toBe(200);
    expect(health.body.services).toEqual({ database: 'ok', cache: 'ok', queue: 'ok' });
  });

  it('verifies a payment end to end: register, ingest, webhook, status', async () => {
    const tenant = (await call(gateways[0], 'POST', '/admin/tenants', { name: 'Distributed Dhaba', webhook_url: receiver.url }, { authorization: `Bearer ${adminToken}` })).body.data;
    const key = { 'x-api-key': tenant.api_key };
    const reference = '918273645501';
    const registered = await call(gateways[1], 'POST', '/payments/verify', { gateway: 'wallet_one', transaction_reference: reference, amount: 1250, client_metadata: { order_id: 'D-1' } }, key);
    expect(registered.status).toBe(200);
    const uuid = registered.body.data.uuid;

    const ingested = await call(gateways[0], 'POST', '/sms/ingest', {
      sender: '8558',
      body: `Rs 1,250.00 received in your JazzCash Mobile Account:03444160241 via Raast. TID: ${reference}`,
    }, { 'x-gateway-secret': tenant.gateway_secret });
    expect(ingested.body).toEqual({ status: 'verified', transaction_uuid: uuid, reference, amount: 1250 });

    const [webhook] = await receiver.waitFor(1, 20_000);
    expect(JSON.parse(webhook.rawBody)).toMatchObject({ event: 'payment.verified', data: { uuid, status: 'verified', client_metadata: { order_id: 'D-1' } } });
    expect(webhook.headers['x-service-signature']).toBe(createHmac('sha256', tenant.webhook_secret).update(webhook.rawBody).digest('hex'));
    expect(() => new Webhook(tenant.webhook_secret).verify(webhook.rawBody, webhook.headers as Record<string, string>)).not.toThrow();

    // Once the webhook arrived, every gateway shows the payment verified.
    for (const gateway of gateways) {
      const status = await call(gateway, 'GET', `/payments/status/${uuid}`, undefined, key);
      expect(status.body.data).toMatchObject({ status: 'verified', amount_detected: 1250 });
    }
  });

  it('takes a payment through a link whose page one gateway process serves while the SMS arrives through the other', async () => {
    const admin = { authorization: `Bearer ${adminToken}` };
    const tenant = (await call(gateways[0], 'POST', '/admin/tenants', { name: 'Linked Shop', webhook_url: receiver.url, receiving_accounts: { wallet_one: ['03444160241'] } }, admin)).body.data;
    const key = { 'x-api-key': tenant.api_key };
    const link = (await call(gateways[0], 'POST', '/payment-links', { amount: 640, max_uses: 1, return_url: 'https://shop.example.pk/thanks' }, key)).body.data;
    const pageOrigin = new URL(gateways[1]).origin;
    const page = await fetch(`${pageOrigin}/pay/${link.code}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('03444160241');
    const reference = '918273645577';
    const submitted = await fetch(`${pageOrigin}/pay/${link.code}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ gateway: 'wallet_one', transaction_id: reference }).toString(),
      redirect: 'manual',
    });
    expect(submitted.status).toBe(303);
    const statusPath = submitted.headers.get('location')!;
    const ingested = await call(gateways[0], 'POST', '/sms/ingest', { sender: '8558', body: `Rs 640.00 received in your JazzCash Mobile Account:03444160241 via Raast. TID: ${reference}` }, { 'x-gateway-secret': tenant.gateway_secret });
    expect(ingested.body.status).toBe('verified');
    // The page, served by the other process, shows what the ingest answered, and signs the way back.
    const verified = await (await fetch(`${pageOrigin}${statusPath}`)).text();
    expect(verified).toContain('Payment verified');
    const back = new URL(/id="return" href="([^"]+)"/.exec(verified)![1].replace(/&amp;/g, '&'));
    const signed = ['v1', 'pvs_payment', 'pvs_status', 'pvs_amount', 'pvs_link', 'pvs_expires'].map((name, i) => (i === 0 ? name : back.searchParams.get(name))).join('.');
    expect(back.searchParams.get('pvs_signature')).toBe(createHmac('sha256', tenant.webhook_secret).update(signed).digest('hex'));
    // The other process counts the page's opening and lists the link's conversion.
    let listed: { opened: number; uses: number; verified: number } | undefined;
    for (let tries = 0; tries < 50 && listed?.verified !== 1; tries++) {
      listed = (await call(gateways[0], 'GET', '/payment-links', undefined, key)).body.data[0];
      if (listed?.verified !== 1) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(listed).toMatchObject({ opened: 1, uses: 1, verified: 1 });

    // A payer whose SMS reached the merchant first is told at once: the submission waits for the matcher's word.
    const early = (await call(gateways[0], 'POST', '/payment-links', { amount: 230 }, key)).body.data;
    const earlyReference = '918273645588';
    expect((await call(gateways[0], 'POST', '/sms/ingest', { sender: '8558', body: `Rs 230.00 received in your JazzCash Mobile Account:03444160241 via Raast. TID: ${earlyReference}` }, { 'x-gateway-secret': tenant.gateway_secret })).body.status).toBe('unmatched');
    const proved = await fetch(`${pageOrigin}/pay/${early.code}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ gateway: 'wallet_one', transaction_id: earlyReference }).toString(),
      redirect: 'manual',
    });
    expect(await (await fetch(`${pageOrigin}${proved.headers.get('location')}`)).text()).toContain('Payment verified');
  });

  it('reads a payer’s data as erased through every gateway once an operator erased it through one', async () => {
    const admin = { authorization: `Bearer ${adminToken}` };
    const tenant = (await call(gateways[0], 'POST', '/admin/tenants', { name: 'Erasing Emporium' }, admin)).body.data;
    const body = 'Dear SADIA NOOR, your order is on its way. Call 0321 7654098 for help.';
    expect((await call(gateways[0], 'POST', '/sms/ingest', { sender: '8558', body }, { 'x-gateway-secret': tenant.gateway_secret })).status).toBe(422);
    const listed = async (gateway: string) => (await call(gateway, 'GET', `/admin/sms?tenant_id=${tenant.id}`, undefined, admin)).body.data as { sms_id: string; body: string | null }[];
    const pause = () => new Promise((resolve) => setTimeout(resolve, 100));
    let sms = await listed(gateways[0]);
    for (let tries = 0; tries < 50 && sms.length === 0; tries++) sms = await pause().then(() => listed(gateways[0]));
    expect(sms).toMatchObject([{ body }]);
    const erased = await call(gateways[1], 'POST', '/admin/erasures', { mobile: '0321-7654098', tenant_id: tenant.id, reason: 'the payer asked' }, admin);
    expect(erased.body.data).toMatchObject({ subjects: [`sms/${sms[0].sms_id}`], keys_destroyed: 1 });
    // The gateway that sealed it held its key: within its cache's 2 s, it reads as erased there too.
    const started = Date.now();
    for (let tries = 0; tries < 40 && (await listed(gateways[0]))[0]?.body !== null; tries++) await pause();
    expect((await listed(gateways[0]))[0]?.body).toBeNull();
    expect(Date.now() - started).toBeLessThan(3_000);
  });

  it('traces one payment across the processes: the SMS ingest in a gateway, the match and the decision in the matcher, the webhook in the notifier', async () => {
    const { chain, spans: all, registeredIn } = await tracePayment((...request) => call(gateways[0], ...request), adminToken, receiver.url, spans);
    console.log(`One payment's trace, distributed:\n${describeChain(chain)}`);
    const ours = chain.filter((span) => !span.name.includes('payment-decisions'));
    expect(ours.map((span) => [span.service, span.name])).toEqual([
      ['pvs-notifier', 'webhook payment.verified'],
      ['pvs-notifier', 'notify PaymentVerified'],
      ['pvs-matcher', 'publish PaymentVerified'],
      ['pvs-matcher', 'match SmsParsed'],
      ['pvs-api-gateway', 'POST /api/v1/sms/ingest'],
    ]);
    // Kafka carries it between the matcher and the notifier; PostgreSQL's queries are spans of the work that made them.
    expect(chain.filter((span) => span.name.includes('payment-decisions')).map((span) => [span.service, span.name.split(' ')[0]])).toEqual([
      ['pvs-notifier', 'process'],
      ['pvs-matcher', 'send'],
    ]);
    expect(all.some((span) => span.service === 'pvs-api-gateway' && span.attributes['db.system.name'] === 'postgresql')).toBe(true);
    expect(chain.find((span) => span.name === 'match SmsParsed')?.linkedTraceIds).toEqual([registeredIn]);
  });

  it.each(POLICY_TABLE)('decides under each verification policy as the embedded service does: %s', async (_, wording, settings, standard, strict) => {
    // Tenant created through one gateway, the payment registered and paid through the other.
    const driver: PolicyDriver = { adminToken, call: (method, path, body, headers) => call(path.startsWith('/admin') ? gateways[0] : gateways[1], method, path, body, headers) };
    for (const [policy, expected] of [['standard', standard], ['strict', strict]] as const) {
      const paid = await payUnderPolicy(driver, policy, settings, wording);
      expect([policy, paid.ingested.status, paid.status]).toEqual([policy, expected, expected]);
    }
  });

  it('decides every credit of the sealed set the parser reads exactly with a reference as the embedded service does', async () => {
    const driver: PolicyDriver = { adminToken, call: (method, path, body, headers) => call(path.startsWith('/admin') ? gateways[0] : gateways[1], method, path, body, headers) };
    const outcomes = await payThroughService(driver, readCredits(SEALED));
    expect(outcomes.filter(({ credit, status }) => status !== credit.expected).map(({ credit, status }) => `${credit.entry.id}: ${status}`)).toEqual([]);
    expect(outcomes.filter((outcome) => outcome.status === 'verified').length).toBeGreaterThan(100);
  }, 120_000);

  it("serves each process's own metrics: the matcher's on METRICS_PORT, a gateway's on its port", async () => {
    const scrape = async (url: string, token = metricsToken) => {
      const response = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
      return { status: response.status, text: await response.text() };
    };
    expect((await scrape(matcherMetrics, 'not-the-metrics-token')).status).toBe(401);
    const matcher = await scrape(matcherMetrics);
    expect(matcher.status).toBe(200);
    expect(matcher.text).toMatch(/^pvs_match_decisions_total\{decision="verified"\} [1-9]/m);
    expect(matcher.text).toMatch(/^pvs_subscription_lag_events\{subscription="matcher"\} \d+/m);
    expect(matcher.text).not.toMatch(/^pvs_http_requests_total\{/m);

    const gateway = await scrape(gateways[1].replace('/api/v1', '/metrics'));
    expect(gateway.status).toBe(200);
    expect(gateway.text).toMatch(/^pvs_http_requests_total\{route="\/api\/v1\/payments\/verify",method="POST",status_code="200"\} [1-9]/m);
    expect(gateway.text).not.toMatch(/^pvs_match_decisions_total\{/m);
  });

  it('shares rate limits between gateway processes through Redis', async () => {
    const tenant = (await call(gateways[0], 'POST', '/admin/tenants', { name: 'Busy' }, { authorization: `Bearer ${adminToken}` })).body.data;
    const key = { 'x-api-key': tenant.api_key };
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, i) => call(gateways[i % 2], 'POST', '/payments/verify', { gateway: 'bank', transaction_reference: `RL${i}`, amount: 1 }, key)),
    );
    expect(answers.every((a) => a.status === 200)).toBe(true);
    // Each gateway learns the other's counts at its next sync with Redis (every 50 ms), not per request.
    await new Promise((resolve) => setTimeout(resolve, 200));
    for (const gateway of gateways) {
      const limited = await call(gateway, 'POST', '/payments/verify', { gateway: 'bank', transaction_reference: `RL-${gateway}`, amount: 1 }, key);
      expect(limited.status).toBe(429);
    }
  });

  it('knows a tenant created, rotated or suspended through one gateway process in the other at once', async () => {
    const admin = { authorization: `Bearer ${adminToken}` };
    const status = (gateway: string, apiKey: string) => call(gateway, 'GET', `/payments/status/${randomUUID()}`, undefined, { 'x-api-key': apiKey });
    for (let i = 0; i < 20; i++) {
      const created = (await call(gateways[i % 2], 'POST', '/admin/tenants', { name: `Known at once ${i}` }, admin)).body.data;
      expect((await status(gateways[(i + 1) % 2], created.api_key)).status).toBe(404);
    }

    const tenant = (await call(gateways[0], 'POST', '/admin/tenants', { name: 'Rotated' }, admin)).body.data;
    const rotated = await call(gateways[0], 'POST', `/admin/tenants/${tenant.id}/rotate-api-key`, undefined, admin);
    expect((await status(gateways[1], tenant.api_key)).status).toBe(401);
    expect((await status(gateways[1], rotated.body.data.api_key)).status).toBe(404);

    const key = { 'x-api-key': rotated.body.data.api_key };
    const verify = (gateway: string) => call(gateway, 'POST', '/payments/verify', { gateway: 'bank', transaction_reference: `S-${randomUUID()}`, amount: 1 }, key);
    expect((await verify(gateways[1])).status).toBe(200);
    expect((await call(gateways[0], 'PATCH', `/admin/tenants/${tenant.id}`, { status: 'suspended' }, admin)).status).toBe(200);
    expect((await verify(gateways[1])).status).toBe(402);
    expect((await call(gateways[1], 'GET', `/admin/tenants/${tenant.id}`, undefined, admin)).body.data.status).toBe('suspended');
  });

  it('reads with a template learned through the other gateway process within a second, and stops when it is retired', async () => {
    const admin = { authorization: `Bearer ${adminToken}` };
    const tenant = (await call(gateways[0], 'POST', '/admin/tenants', { name: 'New bank customer', allowed_senders: { bank: ['NEWBANK'] } }, admin)).body.data;
    const key = { 'x-api-key': tenant.api_key };
    const wording = (reference: string, amount: string) => `Dear Customer, your A/C **4455 got PKR ${amount} from SANA IQBAL. Txn ${reference} on 03-12-2026.`;
    const ingest = (gateway: string, reference: string, amount: string) => call(gateway, 'POST', '/sms/ingest', { sender: 'NEWBANK', body: wording(reference, amount) }, key);
    const first = `FT${randomUUID().replace(/\D/g, '').slice(0, 10).padEnd(10, '7')}`;
    expect((await ingest(gateways[1], first, '640.00')).status).toBe(422);

    const learned = await call(gateways[0], 'POST', '/admin/sms-templates', { tenant_id: tenant.id, sender: 'NEWBANK', body: wording(first, '640.00'), marks: { amount: { text: '640.00' }, reference: { text: first } } }, admin);
    expect(learned.status).toBe(201);
    const learnedAt = Date.now();
    let answer: { status: number };
    let n = 0;
    do answer = await ingest(gateways[1], `FT${String(learnedAt).slice(-8)}${String(n++).padStart(2, '0')}`, '10.00');
    while (answer.status === 422 && Date.now() - learnedAt < 1_000);
    expect(answer.status).toBe(200);
    const liveAfterMs = Date.now() - learnedAt;
    console.log(`learned template live in the other gateway after ${liveAfterMs} ms`);
    expect(liveAfterMs).toBeLessThan(1_000);

    expect((await call(gateways[1], 'POST', `/admin/sms-templates/${learned.body.data.template.id}/retire`, {}, admin)).status).toBe(200);
    const retiredAt = Date.now();
    do answer = await ingest(gateways[0], `FT${String(retiredAt).slice(-8)}${String(n++).padStart(2, '0')}`, '11.00');
    while (answer.status === 200 && Date.now() - retiredAt < 1_000);
    expect(answer.status).toBe(422);
  });

  it('shows every client at once what any gateway process or webhook said of a payment', async () => {
    const client = new ReadYourWrites({
      gateways: gateways.map((gateway) => (method: string, path: string, body?: unknown, headers?: Record<string, string>) => call(gateway, method, path, body, headers)),
      adminToken,
      receiver,
    });
    const before = receiver.received.length;
    const payments = await client.payments(500);
    expect(payments.filter((payment) => payment.told !== 'verified')).toEqual([]);
    const reviews = await client.payments(20, (amount) => amount - 1);
    expect(reviews.map((payment) => payment.told)).toEqual(reviews.map(() => 'manual_review'));
    for (const [n, payment] of reviews.entries()) await client.review(payment.uuid, payment.key, n % 2 === 0 ? 'approve' : 'reject', n);
    expect(await client.webhooksRead(before + 540)).toBe(540);
    expect(client.stale).toEqual([]);
  }, 300_000);

  it('rebuilds a projection requested through a gateway in the projector process, reported by every gateway', async () => {
    const admin = { authorization: `Bearer ${adminToken}` };
    const payments = async (gateway: string) =>
      (await call(gateway, 'GET', '/admin/projections', undefined, admin)).body.data.find((projection: { name: string }) => projection.name === 'payments');
    expect((await call(gateways[0], 'POST', '/admin/projections/payments/rebuild', undefined, admin)).status).toBe(202);
    for (let i = 0; (await payments(gateways[1])).rebuild.status !== 'done'; i++) {
      expect(i).toBeLessThan(500);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect((await payments(gateways[0])).rebuild).toMatchObject({ status: 'done', error: null, finished_at: expect.any(String) });
  });

  it('sees one forwarder (and one account it carries) for a phone whose SMS and heartbeats reach both gateway processes, and its retirement in both', async () => {
    const admin = { authorization: `Bearer ${adminToken}` };
    const tenant = (await call(gateways[0], 'POST', '/admin/tenants', { name: 'Two Gateways, One Phone' }, admin)).body.data;
    const phone = { 'x-api-key': tenant.api_key };
    const sms = (i: number) => ({ deviceId: 'ZGlzdHJpYnV0ZWQ', event: 'sms:received', id: `d${i}`, payload: { message: `Rs ${10 + i}.00 received in your JazzCash Mobile Account:03444160241 via Raast. TID: ${71000000000 + i}`, phoneNumber: '8558', simNumber: 1 } });
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => call(gateways[i % 2], 'POST', '/sms/ingest', sms(i), phone)));
    expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 200));
    const pings = await Promise.all(gateways.map((gateway) => call(gateway, 'POST', '/sms/ingest', { deviceId: 'ZGlzdHJpYnV0ZWQ', event: 'system:ping', id: 'p', payload: {} }, phone)));
    const forwarderId = pings[0].body.forwarder_id;
    expect(pings.map((ping) => ping.body)).toEqual([{ heartbeat: 'online', forwarder_id: forwarderId }, { heartbeat: 'online', forwarder_id: forwarderId }]);
    const stream = (await call(gateways[1], 'GET', `/admin/streams/forwarder-${forwarderId}`, undefined, admin)).body.data.events.map((event: { type: string }) => event.type);
    // Ten SMS of one account through two processes: the phone and its account are recorded once.
    expect(stream).toEqual(['ForwarderSeen', 'ForwarderAccountSeen', 'ForwarderHeartbeat', 'ForwarderHeartbeat']);
    const listed = async () => (await call(gateways[1], 'GET', `/admin/forwarders?tenant_id=${tenant.id}`, undefined, admin)).body.data;
    const caughtUp = async () => {
      const [forwarder] = await listed();
      return forwarder?.sms_last_24h === 10 && forwarder.heartbeat !== null;
    };
    for (let i = 0; !(await caughtUp()); i++) {
      if (i > 200) throw new Error(`the forwarder was never listed with its 10 SMS and heartbeat: ${JSON.stringify(await listed())}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(await listed()).toEqual([expect.objectContaining({ forwarder_id: forwarderId, device: 'ZGlzdHJpYnV0ZWQ', heartbeat: { status: 'online', at: expect.any(String) } })]);
    // Retired through one process, brought back by an SMS through the other.
    expect((await call(gateways[0], 'POST', `/admin/forwarders/${forwarderId}/retire`, undefined, admin)).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect((await call(gateways[1], 'POST', '/sms/ingest', sms(10), phone)).status).toBe(200);
    const after = (await call(gateways[0], 'GET', `/admin/streams/forwarder-${forwarderId}`, undefined, admin)).body.data.events.map((event: { type: string }) => event.type);
    expect(after.slice(-2)).toEqual(['ForwarderRetired', 'ForwarderSeen']);
  });
});

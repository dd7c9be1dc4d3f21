import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { PAYMENT_DECISIONS } from '@pvs/contracts';
import { WebhookReceiver } from '@pvs/embedded/testing';
import { fold, paymentDecider } from '@pvs/domain';
import { createTestDatabase, TestDatabase } from '@pvs/sql/testing';
import { describeWith, jazzCashCredit, sleep } from '@pvs/testing';
import { App, ServiceProcess, distributedEnv, buildOnce, freePort, jsonClient } from './service-processes';

// A broker of its own, so restarting it cannot disturb the other suites.
const KAFKA_PORT = 39092;
const kafka = (action: 'up' | 'down') =>
  execFileSync('bash', ['scripts/services/kafka.sh', action], { env: { ...process.env, KAFKA_PORT: String(KAFKA_PORT) }, stdio: 'ignore' });

describeWith(['postgres', 'redis', 'kafka'], 'distributed mode under faults: kill -9 each worker and restart the broker mid-stream', () => {
  let database: TestDatabase;
  let receiver: WebhookReceiver;
  let env: Record<string, string>;
  let gateway: string;
  const running = new Map<App, ServiceProcess>();
  const adminToken = randomBytes(24).toString('base64url');

  const start = async (app: App) => {
    const child = new ServiceProcess(app, app === 'api-gateway' ? { ...env, PORT: new URL(gateway).port } : env);
    running.set(app, child);
    await child.waitForOutput(app === 'api-gateway' ? 'listening on' : 'running', 60_000);
  };

  beforeAll(async () => {
    buildOnce();
    kafka('up');
    database = await createTestDatabase();
    receiver = await new WebhookReceiver().start();
    gateway = `http://127.0.0.1:${await freePort()}/api/v1`;
    env = distributedEnv(database.url, adminToken, {
      KAFKA_BROKERS: `127.0.0.1:${KAFKA_PORT}`,
      WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true',
      WEBHOOK_RETRY_SCHEDULE: '0,1,1,2,2,5,5,5,10,10',
      SMS_DECISION_WAIT_MS: '500',
      SMS_GAP_SETTLE_MINUTES: '1',
      WATCH_INTERVAL_MS: '500',
    });
    for (const app of ['api-gateway', 'matcher', 'projector', 'notifier'] as const) await start(app);
  }, 180_000);

  afterAll(async () => {
    await Promise.all([...running.values()].map((p) => p.stop()));
    await receiver?.stop();
    await database?.drop();
    kafka('down');
  }, 60_000);

  const call = jsonClient(() => gateway);

  async function untilHealth(status: number) {
    for (let i = 0; i < 100; i++) {
      const health = await call('GET', '/system/health');
      if (health.status === status) return health.body;
      await sleep(200);
    }
    throw new Error(`health never answered ${status}`);
  }

  it('ends every payment in the right status, decided once, webhooks delivered, read model equal to the events', async () => {
    const tenants: { api_key: string }[] = [];
    for (let i = 0; i < 4; i++) {
      const tenant = { name: `faults ${i}`, webhook_url: receiver.url, alert_webhooks: ['payment.review_required'] };
      tenants.push((await call('POST', '/admin/tenants', tenant, { authorization: `Bearer ${adminToken}` })).body.data);
    }
    const payments: { uuid: string; expected: 'verified' | 'manual_review' }[] = [];
    const load = (async () => {
      for (let i = 0; i < 120; i++) {
        const tenant = tenants[i % tenants.length];
        const key = { 'x-api-key': tenant.api_key };
        const reference = String(910000000000 + i);
        const mismatch = i % 10 === 0;
        const registered = await call('POST', '/payments/verify', { gateway: 'wallet_one', transaction_reference: reference, amount: 100 }, key);
        payments.push({ uuid: registered.body.data.uuid, expected: mismatch ? 'manual_review' : 'verified' });
        const paid = mismatch ? '99.00' : '100.00';
        await call('POST', '/sms/ingest', { sender: '8558', body: jazzCashCredit({ reference, amount: paid }) }, key);
        await sleep(40);
      }
    })();

    const started = Date.now();
    for (const app of ['matcher', 'notifier', 'projector'] as const) {
      await sleep(1_200);
      await running.get(app)!.stop(true); // kill -9
      await sleep(500);
      await start(app);
    }
    await sleep(800);
    kafka('down');
    const healthWhileDown = await untilHealth(503);
    kafka('up');
    const healthAfter = await untilHealth(200);
    await load;
    expect(healthWhileDown.services).toEqual({ database: 'ok', cache: 'ok', queue: 'down' });
    expect(healthAfter.services).toEqual({ database: 'ok', cache: 'ok', queue: 'ok' });
    const loadEnded = Date.now();

    // Convergence: every payment decided as expected, its webhook received, and a review's alert too.
    const byId = new Map(payments.map((p) => [p.uuid, p]));
    const webhookKey = (body: { event: string; data: { uuid: string } }) => `${body.data.uuid}/${body.event === 'payment.review_required' ? 'alert' : 'decision'}`;
    const expectedKeys = payments.flatMap((p) => [`${p.uuid}/decision`, ...(p.expected === 'manual_review' ? [`${p.uuid}/alert`] : [])]);
    for (let settled = false; !settled; ) {
      if (Date.now() - loadEnded > 90_000) throw new Error('did not converge within 90 s');
      const delivered = new Set(receiver.received.map((w) => webhookKey(JSON.parse(w.rawBody))));
      settled = expectedKeys.every((key) => delivered.has(key));
      if (!settled) await sleep(250);
    }
    const converged = Date.now();
    console.log(`faults: ${payments.length} payments; converged ${converged - loadEnded} ms after the load ended (${converged - started} ms after the first fault)`);

    const admin = new Client({ connectionString: database.url });
    await admin.connect();
    try {
      for (const payment of payments) {
        const { rows } = await admin.query(`SELECT event_type, data FROM es_events WHERE stream_name = $1 ORDER BY stream_version`, [`payment-${payment.uuid}`]);
        const decisions = rows.filter((row) => (PAYMENT_DECISIONS as readonly string[]).includes(row.event_type));
        expect(decisions).toHaveLength(1);
        const folded = fold(paymentDecider, rows.map((row) => ({ type: row.event_type, data: row.data })).filter(paymentDecider.isEvent));
        expect(folded?.status).toBe(payment.expected);
        // The read model, as every projection instance left it, equals the fold of the events.
        for (let i = 0; i < 100; i++) {
          const [row] = (await admin.query(`SELECT status, amount_detected_paisa FROM rm_payments WHERE uuid = $1`, [payment.uuid])).rows;
          if (row?.status === folded?.status) {
            expect(Number(row.amount_detected_paisa)).toBe(folded?.amountDetectedPaisa);
            break;
          }
          if (i === 99) throw new Error(`read model of ${payment.uuid} is ${JSON.stringify(row)}, events say ${folded?.status}`);
          await sleep(50);
        }
      }
    } finally {
      await admin.end();
    }

    // Webhooks: at least one per payment and one per review's alert; the repeats of each carry the same event id.
    const idsByWebhook = new Map<string, Set<string>>();
    for (const webhook of receiver.received) {
      const body = JSON.parse(webhook.rawBody);
      expect(byId.has(body.data.uuid)).toBe(true);
      expect(body.id).toBe(webhook.headers['webhook-id']);
      idsByWebhook.set(webhookKey(body), (idsByWebhook.get(webhookKey(body)) ?? new Set()).add(body.id));
    }
    for (const ids of idsByWebhook.values()) expect(ids.size).toBe(1);
    expect([...idsByWebhook.keys()].sort()).toEqual(expectedKeys.sort());
  }, 240_000);

  it('loses no alert when the matcher and the notifier are killed (kill -9) while the alerts go out', async () => {
    receiver.received.length = 0;
    const credit = (amount: string, balance: string) => `PKR ${amount} credited to your A/C **4410 from ALI RAZA. Ref FT${randomBytes(4).readUInt32BE()}. Avl Bal: PKR ${balance}`;
    const tenantIds: string[] = [];
    for (let i = 0; i < 12; i++) {
      const tenant = (await call('POST', '/admin/tenants', { name: `gaps ${i}`, webhook_url: receiver.url, alert_webhooks: ['sms.gap_suspected'] }, { authorization: `Bearer ${adminToken}` })).body.data;
      tenantIds.push(tenant.id);
      const key = { 'x-api-key': tenant.api_key };
      // Two credits of one account whose balances say that 2,000 came in between, with no SMS.
      await call('POST', '/sms/ingest', { sender: 'HBL', body: credit('1,000.00', '10,000.00'), received_at: new Date(Date.now() - 120_000).toISOString() }, key);
      await call('POST', '/sms/ingest', { sender: 'HBL', body: credit('500.00', '12,500.00'), received_at: new Date(Date.now() - 60_000).toISOString() }, key);
      await sleep(2_000); // the gaps fall due two seconds apart: most of them after the kill
    }
    const gapWebhooks = () => receiver.received.map((webhook) => JSON.parse(webhook.rawBody)).filter((body) => body.event === 'sms.gap_suspected');
    // The settling time is a minute: the first alert goes out, then the matcher and the notifier die.
    for (const deadline = Date.now() + 120_000; gapWebhooks().length === 0; await sleep(100)) if (Date.now() > deadline) throw new Error('no gap alert within 120 s');
    await Promise.all([running.get('matcher')!.stop(true), running.get('notifier')!.stop(true)]);
    const beforeTheKill = new Set(gapWebhooks().map((body) => body.data.gap_id)).size;
    await Promise.all([start('matcher'), start('notifier')]);
    const tenantsAlerted = () => new Set(gapWebhooks().map((body) => body.data.gap_id));
    for (const deadline = Date.now() + 90_000; tenantsAlerted().size < tenantIds.length; await sleep(250)) {
      if (Date.now() > deadline) throw new Error(`${tenantsAlerted().size} of ${tenantIds.length} gap alerts within 90 s of the restart`);
    }
    console.log(`alerts under kill -9: ${beforeTheKill} of ${tenantIds.length} gap alerts delivered before the matcher and the notifier were killed, all after`);
    expect(beforeTheKill).toBeLessThan(tenantIds.length);
    // One alert per gap, each always under the same webhook id; every one of 2,000.
    const idsByGap = new Map<string, Set<string>>();
    for (const body of gapWebhooks()) idsByGap.set(body.data.gap_id, (idsByGap.get(body.data.gap_id) ?? new Set()).add(body.id));
    expect([...idsByGap.values()].every((ids) => ids.size === 1)).toBe(true);
    expect(gapWebhooks().every((body) => body.data.amount === 2_000)).toBe(true);
  }, 300_000);
});

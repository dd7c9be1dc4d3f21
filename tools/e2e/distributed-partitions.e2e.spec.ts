import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { PAYMENT_DECISIONS } from '@pvs/contracts';
import { fold, paymentDecider } from '@pvs/domain';
import { WebhookReceiver } from '@pvs/embedded/testing';
import { PARTITION_COUNT } from '@pvs/matcher';
import { createTestDatabase, TestDatabase } from '@pvs/sql/testing';
import { describeWith, jazzCashCredit, sleep } from '@pvs/testing';
import { ServiceProcess, distributedEnv, buildOnce, freePort, jsonClient } from './service-processes';

const memberOf = (matcher: ServiceProcess) => /member ([0-9a-f-]{36}) holds/.exec(matcher.output)?.[1];

describeWith(['postgres', 'redis', 'kafka'], 'distributed mode with three partitioned matchers: one killed with kill -9, one started mid-run', () => {
  let database: TestDatabase;
  let receiver: WebhookReceiver;
  let admin: Client;
  let env: Record<string, string>;
  let gateway: string;
  const others: ServiceProcess[] = [];
  const matchers: ServiceProcess[] = [];
  const adminToken = randomBytes(24).toString('base64url');

  const startMatcher = async () => {
    const matcher = new ServiceProcess('matcher', env);
    matchers.push(matcher);
    await matcher.waitForOutput('running', 60_000);
    return matcher;
  };

  /** Owners of unexpired leases, partition by partition. */
  const leaseOwners = async () =>
    (await admin.query<{ owner: string | null }>(`SELECT CASE WHEN lease_until > now() THEN owner END AS owner FROM mt_partition_leases WHERE worker = 'matcher' ORDER BY partition`)).rows.map((row) => row.owner);

  beforeAll(async () => {
    buildOnce();
    database = await createTestDatabase();
    receiver = await new WebhookReceiver().start();
    gateway = `http://127.0.0.1:${await freePort()}/api/v1`;
    env = distributedEnv(database.url, adminToken, { WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true', SMS_DECISION_WAIT_MS: '200' });
    others.push(new ServiceProcess('api-gateway', { ...env, PORT: new URL(gateway).port }), new ServiceProcess('projector', env), new ServiceProcess('notifier', env));
    await Promise.all(others.map((p) => p.waitForOutput(p.app === 'api-gateway' ? 'listening on' : 'running', 60_000)));
    for (let i = 0; i < 3; i++) await startMatcher();
    admin = new Client({ connectionString: database.url });
    await admin.connect();
  }, 180_000);

  afterAll(async () => {
    await Promise.all([...matchers, ...others].map((p) => p.stop()));
    await admin?.end();
    await receiver?.stop();
    await database?.drop();
  }, 60_000);

  const call = jsonClient(() => gateway);

  it('decides every payment exactly once while the partitions move, and the read model equals the events', async () => {
    // The three share the partitions.
    for (let i = 0; i < 100 && new Set(await leaseOwners()).size !== 3; i++) await sleep(100);
    expect(new Set(await leaseOwners()).size).toBe(3);

    const tenants: { api_key: string }[] = [];
    for (let i = 0; i < 12; i++) tenants.push((await call('POST', '/admin/tenants', { name: `partitions ${i}`, webhook_url: receiver.url }, { authorization: `Bearer ${adminToken}` })).body.data);
    const payments: { uuid: string; expected: 'verified' | 'manual_review' }[] = [];
    const load = (async () => {
      for (let i = 0; i < 240; i++) {
        const key = { 'x-api-key': tenants[i % tenants.length].api_key };
        const reference = String(920000000000 + i);
        const mismatch = i % 8 === 0;
        // Every other SMS comes before its intent: the awaiting path crosses the handovers too.
        const sms = () => call('POST', '/sms/ingest', { sender: '8558', body: jazzCashCredit({ reference, amount: mismatch ? '99.00' : '100.00' }) }, key);
        if (i % 2 === 1) await sms();
        const registered = await call('POST', '/payments/verify', { gateway: 'wallet_one', transaction_reference: reference, amount: 100 }, key);
        payments.push({ uuid: registered.body.data.uuid, expected: mismatch ? 'manual_review' : 'verified' });
        if (i % 2 === 0) await sms();
        await sleep(20);
      }
    })();

    await sleep(1_500);
    const victim = matchers[0];
    const victimMember = memberOf(victim);
    expect((await leaseOwners()).filter((owner) => owner === victimMember).length).toBeGreaterThan(0);
    await victim.stop(true); // kill -9
    const killedAt = Date.now();
    while ((await leaseOwners()).some((owner) => owner === null || owner === victimMember)) {
      if (Date.now() - killedAt > 30_000) throw new Error('the killed matcher\'s partitions were not taken over within 30 s');
      await sleep(50);
    }
    const takeoverMs = Date.now() - killedAt;
    const joiner = await startMatcher();
    const joinedAt = Date.now();
    while (!(await leaseOwners()).includes(memberOf(joiner) ?? '')) {
      if (Date.now() - joinedAt > 30_000) throw new Error('the new matcher got no partition within 30 s');
      await sleep(50);
    }
    const joinMs = Date.now() - joinedAt;
    await load;

    // Every payment decided as expected; its webhook received.
    const loadEnded = Date.now();
    while (!payments.every((p) => receiver.received.some((w) => JSON.parse(w.rawBody).data.uuid === p.uuid))) {
      if (Date.now() - loadEnded > 60_000) throw new Error('did not converge within 60 s');
      await sleep(250);
    }
    console.log(`partitions: ${payments.length} payments; takeover after kill -9 ${takeoverMs} ms; a joining matcher held partitions after ${joinMs} ms`);

    for (const payment of payments) {
      const { rows } = await admin.query(`SELECT event_type, data FROM es_events WHERE stream_name = $1 ORDER BY stream_version`, [`payment-${payment.uuid}`]);
      expect(rows.filter((row) => (PAYMENT_DECISIONS as readonly string[]).includes(row.event_type))).toHaveLength(1);
      const folded = fold(paymentDecider, rows.map((row) => ({ type: row.event_type, data: row.data })).filter(paymentDecider.isEvent));
      expect(folded?.status).toBe(payment.expected);
      for (let i = 0; ; i++) {
        const [row] = (await admin.query(`SELECT status FROM rm_payments WHERE uuid = $1`, [payment.uuid])).rows;
        if (row?.status === folded?.status) break;
        if (i === 100) throw new Error(`read model of ${payment.uuid} is ${JSON.stringify(row)}, events say ${folded?.status}`);
        await sleep(50);
      }
    }
    // Each SMS matched once, to its own payment.
    const matched = (await admin.query(`SELECT data->>'paymentId' AS payment FROM es_events WHERE event_type = 'SmsMatched'`)).rows.map((row) => row.payment);
    expect(new Set(matched).size).toBe(matched.length);

    // The three live matchers hold every partition between them, each its share.
    const owners = await leaseOwners();
    const live = [matchers[1], matchers[2], joiner].map(memberOf);
    expect(owners.every((owner) => live.includes(owner ?? ''))).toBe(true);
    for (const member of live) expect(owners.filter((owner) => owner === member).length).toBeGreaterThanOrEqual(Math.floor(PARTITION_COUNT / 3));
  }, 240_000);
});

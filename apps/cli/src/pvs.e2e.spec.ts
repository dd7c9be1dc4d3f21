import { execFile, spawn } from 'node:child_process';
import { randomBytes, randomInt, randomUUID } from 'node:crypto';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { TestService, TestTenant, WebhookReceiver, startTestService } from '@pvs/embedded/testing';
import { waitUntil } from '@pvs/testing';

/** The launcher `npx pvs` runs (the root package.json's bin). */
const PVS = join(__dirname, '..', 'bin', 'pvs.js');

interface Run {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

describe('pvs, the operators CLI, against the whole service over HTTP', () => {
  let service: TestService;
  let receiver: WebhookReceiver;

  beforeAll(async () => {
    service = await startTestService();
    receiver = await new WebhookReceiver().start();
  });

  afterAll(async () => {
    await receiver.stop();
    await service.close();
  });

  const environment = (env: Record<string, string> = {}) => ({ ...process.env, PVS_URL: service.baseUrl, PVS_ADMIN_TOKEN: service.adminToken, ...env });
  const pvs = (args: readonly string[], env?: Record<string, string>, input = '') =>
    new Promise<Run>((resolve) => {
      const child = execFile(process.execPath, [PVS, ...args], { env: environment(env) }, (error, stdout, stderr) =>
        resolve({ code: error ? Number(error.code) : 0, stdout, stderr }),
      );
      child.stdin?.end(input);
    });
  const pvsJson = async (args: readonly string[]) => {
    const run = await pvs(['--json', ...args]);
    if (run.code !== 0) throw new Error(`pvs ${args.join(' ')} exited ${run.code}: ${run.stderr}`);
    return JSON.parse(run.stdout);
  };
  const withKey = (apiKey: string) => ({ headers: { 'x-api-key': apiKey } });
  const register = async (tenant: TestTenant, amount = 100) => {
    const reference = String(randomInt(100_000_000_000, 999_999_999_999));
    const response = await service.request('POST', '/payments/verify', { body: { gateway: 'wallet_one', transaction_reference: reference, amount }, ...withKey(tenant.apiKey) });
    return { status: response.status, uuid: response.body?.data?.uuid as string, reference };
  };
  const pay = (tenant: TestTenant, reference: string, amount: string) =>
    service.request('POST', '/sms/ingest', {
      body: { sender: '8558', body: `Rs ${amount} received in your JazzCash Mobile Account:03444160241 via Raast. TID: ${reference}` },
      ...withKey(tenant.apiKey),
    });

  it('shows its help without a token or a service', async () => {
    const run = await pvs(['--help'], { PVS_ADMIN_TOKEN: '', PVS_URL: 'http://127.0.0.1:1/api/v1' });
    expect(run.code).toBe(0);
    for (const command of ['tenants', 'payments', 'streams', 'projections', 'webhooks', 'sms', 'forwarders', 'alerts', 'links', 'erase']) expect(run.stdout).toContain(command);
  });

  describe('tenants', () => {
    it('creates a tenant showing its secrets once, and lists it without them', async () => {
      const created = await pvs(['tenants', 'create', 'Peshawar Pulao', '--webhook-url', 'https://shop.example/hooks']);
      expect(created.code).toBe(0);
      expect(created.stdout).toMatch(/api_key\s*│\s*pvs_[0-9a-f]{16}_/);
      expect(created.stdout).toMatch(/gateway_secret\s*│\s*pvsgw_/);
      expect(created.stdout).toMatch(/webhook_secret\s*│\s*whsec_/);
      expect(created.stderr).toContain('Shown only this once');

      const json = await pvsJson(['tenants', 'create', 'Quetta Qahwa', '--unpaid-cycle-limit', '5']);
      expect(json).toMatchObject({ name: 'Quetta Qahwa', status: 'active', unpaid_cycle_limit: 5, api_key: expect.stringMatching(/^pvs_/) });
      const registered = await register({ id: json.id, apiKey: json.api_key, gatewaySecret: json.gateway_secret, webhookSecret: json.webhook_secret });
      expect(registered.status).toBe(200);

      const listed = await pvsJson(['tenants', 'list']);
      expect(listed).toEqual(expect.arrayContaining([expect.objectContaining({ id: json.id, name: 'Quetta Qahwa' })]));
      expect(JSON.stringify(listed)).not.toContain(json.api_key);
      const table = await pvs(['tenants', 'list']);
      expect(table.stdout).toContain('Peshawar Pulao');
      expect(table.stdout).toContain(json.id);
      expect(table.stdout).not.toContain('pvs_');
    });

    it('lists tenants a page at a time, saying where the next page starts', async () => {
      await service.createTenant({ name: 'Page one' });
      await service.createTenant({ name: 'Page two' });
      const all: { id: string }[] = await pvsJson(['tenants', 'list', '--limit', '1000']);
      const [first, second] = all.map((tenant) => tenant.id);

      const page = await pvs(['tenants', 'list', '--limit', '1']);
      expect(page.stdout).toContain(first);
      expect(page.stdout).not.toContain(second);
      expect(page.stderr).toBe(`More may follow: pvs tenants list --after ${first}\n`);
      expect((await pvsJson(['tenants', 'list', '--limit', '1', '--after', first])).map((tenant: { id: string }) => tenant.id)).toEqual([second]);
      expect(await pvs(['tenants', 'list', '--limit', '1001'])).toMatchObject({ code: 1, stderr: expect.stringContaining('limit must be 1 to 1000') });
    });

    it('suspends and activates a tenant, and sets its unpaid cycles', async () => {
      const shop = await service.createTenant({ name: 'Suspendable' });
      expect(await pvsJson(['tenants', 'suspend', shop.id])).toMatchObject({ id: shop.id, status: 'suspended' });
      expect((await register(shop)).status).toBe(402);
      expect((await pvs(['tenants', 'activate', shop.id])).stdout).toMatch(/status\s*│\s*active/);
      expect((await register(shop)).status).toBe(200);
      expect(await pvsJson(['tenants', 'set-unpaid', shop.id, '3'])).toMatchObject({ unpaid_cycles: 3, unpaid_cycle_limit: 3 });
      expect((await register(shop)).status).toBe(402);
    });

    it('creates a tenant with a verification policy and changes it', async () => {
      const created = await pvsJson(['tenants', 'create', 'Lahore Lassi', '--verification-policy', 'strict']);
      expect(created).toMatchObject({ name: 'Lahore Lassi', verification_policy: 'strict' });
      const changed = await pvs(['tenants', 'set-verification-policy', created.id, 'standard']);
      expect(changed.stdout).toMatch(/verification_policy\s*│\s*standard/);
      expect((await pvs(['tenants', 'set-retention', created.id, '45'])).stdout).toMatch(/payer data kept\s*│\s*45 days/);
      const tooShort = await pvs(['tenants', 'set-retention', created.id, '7']);
      expect(tooShort.code).not.toBe(0);
      expect(tooShort.stderr).toContain("payer_data_retention_days must be at least 30: a payer's dispute needs its evidence");
      expect((await service.admin('GET', `/admin/tenants/${created.id}`)).body.data.verification_policy).toBe('standard');
      const refused = await pvs(['tenants', 'set-verification-policy', created.id, 'lenient']);
      expect(refused.code).toBe(2);
      expect(refused.stderr).toContain('Allowed choices are standard, strict');
    });

    it('rotates the API key: the old key is refused at once, the new one works', async () => {
      const shop = await service.createTenant({ name: 'Rotating' });
      const { uuid } = await register(shop);

      const rotated = await pvs(['tenants', 'rotate-key', shop.id]);

      expect(rotated.code).toBe(0);
      const newKey = /api_key\s*│\s*(pvs_\S+)/.exec(rotated.stdout)?.[1] as string;
      expect(newKey).toBeDefined();
      expect(rotated.stdout).not.toContain('gateway_secret');
      expect((await service.request('GET', `/payments/status/${uuid}`, withKey(shop.apiKey))).status).toBe(401);
      expect((await service.request('GET', `/payments/status/${uuid}`, withKey(newKey))).status).toBe(200);
    });

    it("gives a tenant its Twilio auth token from standard input, never shows it, and removes it", async () => {
      const shop = await service.createTenant({ name: 'Twilio Tokens' });
      const token = randomBytes(16).toString('hex');
      const set = await pvs(['tenants', 'twilio-token', 'set', shop.id], undefined, `${token}\n`);
      expect(set.code).toBe(0);
      expect(set.stdout).toMatch(/twilio_signature_check\s*│\s*true/);
      expect(`${set.stdout}${set.stderr}`).not.toContain(token);
      expect((await service.admin('GET', `/admin/tenants/${shop.id}`)).body.data.twilio_signature_check).toBe(true);

      const nothing = await pvs(['tenants', 'twilio-token', 'set', shop.id]);
      expect(nothing.code).toBe(2);
      expect(nothing.stderr).toContain('no auth token on standard input');
      const wrong = await pvs(['tenants', 'twilio-token', 'set', shop.id], undefined, 'AC0123456789abcdef0123456789abcdef\n');
      expect(wrong.code).toBe(1);
      expect(wrong.stderr).toContain("auth_token must be the Twilio account's Auth Token");

      expect(await pvsJson(['tenants', 'twilio-token', 'clear', shop.id])).toMatchObject({ id: shop.id, twilio_signature_check: false });
      expect((await service.admin('GET', `/admin/tenants/${shop.id}`)).body.data.twilio_signature_check).toBe(false);
    });

    it('rotates the webhook secret, showing the new one once', async () => {
      const shop = await service.createTenant({ name: 'Signing' });
      const rotated = await pvsJson(['tenants', 'rotate-webhook-secret', shop.id, '--overlap', '60']);
      expect(rotated).toEqual({ id: shop.id, webhook_secret: expect.stringMatching(/^whsec_/), previous_secret_valid_until: expect.any(String) });
      expect(rotated.webhook_secret).not.toBe(shop.webhookSecret);
    });
  });

  it('issues a token to a named operator, lists the operators and revokes one: the token is refused at once', async () => {
    const created = await pvsJson(['operators', 'create', 'Zainab']);
    expect(created).toEqual({ id: expect.stringMatching(/^[0-9a-f]{16}$/), name: 'Zainab', issued_by: 'admin', issued_at: expect.any(String), revoked_at: null, token: expect.stringMatching(/^pvsop_/) });
    const asZainab = { headers: { authorization: `Bearer ${created.token}` } };
    expect((await service.request('GET', '/admin/operators/me', asZainab)).body.data).toEqual({ id: created.id, name: 'Zainab' });
    const list = await pvs(['operators', 'list']);
    expect(list.stdout).toContain('Zainab');
    expect((await pvs(['operators', 'revoke', created.id])).code).toBe(0);
    expect((await service.request('GET', '/admin/operators/me', asZainab)).status).toBe(401);
    expect(await pvsJson(['operators', 'list'])).toEqual(expect.arrayContaining([expect.objectContaining({ id: created.id, revoked_at: expect.any(String) })]));
  });

  it("lists a tenant's forwarding phones, names one and retires it", async () => {
    const shop = await service.createTenant({ name: 'Two Phones' });
    const sent = await service.request('POST', '/sms/ingest', {
      body: { sender: '8558', body: 'Rs 50.00 received in your JazzCash Mobile Account:03444160241 via Raast. TID: 31415926535' },
      headers: { 'x-api-key': shop.apiKey, 'x-forwarder-id': 'till-phone' },
    });
    expect(sent.status).toBe(200);
    let listed: { forwarder_id: string; device: string; sms_last_24h: number }[] = [];
    await waitUntil(async () => (listed = await pvsJson(['forwarders', 'list', '--tenant', shop.id])).length === 1 && listed[0].sms_last_24h === 1);
    expect(listed[0]).toMatchObject({ device: 'till-phone', app: 'native', name: null, retired_at: null });
    expect((await pvs(['forwarders', 'list', '--tenant', shop.id])).stdout).toContain('till-phone');
    const id = listed[0].forwarder_id;
    expect(await pvsJson(['forwarders', 'name', id, 'Till'])).toMatchObject({ forwarder_id: id, name: 'Till' });
    expect((await pvs(['forwarders', 'retire', id])).stdout).toMatch(/^Till retired at \d{4}-/);
    const unknown = await pvs(['forwarders', 'retire', 'not-a-forwarder']);
    expect(unknown.code).not.toBe(0);
    expect(unknown.stderr).toContain('Forwarder not found');
    const provisioned = await pvsJson(['forwarders', 'provision', shop.id, 'back-office']);
    expect(provisioned).toMatchObject({ device: 'back-office', forwarder_key: expect.stringMatching(/^pvsfw_/) });
    const keyed = await service.request('POST', '/forwarders/heartbeat', { body: {}, headers: { 'x-gateway-secret': provisioned.forwarder_key } });
    expect(keyed.body.data).toEqual({ heartbeat: 'online', forwarder_id: provisioned.forwarder_id });
    expect((await pvs(['forwarders', 'key', provisioned.forwarder_id])).stdout).toMatch(/^back-office: forwarder key pvsfw_/);
    expect((await pvs(['forwarders', 'revoke-key', provisioned.forwarder_id])).stdout).toBe('back-office has no key of its own now\n');
  });

  it("creates a tenant's payment link under the operator's name, lists it with what it took, and disables it", async () => {
    const shop = await service.createTenant({ name: 'Link Shop' });
    const link = await pvsJson(['links', 'create', shop.id, '--amount', '1500', '--description', 'Eid order', '--uses', '1', '--gateways', 'wallet_one,bank']);
    expect(link).toMatchObject({ status: 'open', amount: 1500, max_uses: 1, gateways: ['wallet_one', 'bank'], description: 'Eid order' });
    const [created] = (await pvsJson(['streams', 'read', `paylink-${link.id}`])).events;
    expect(created.data).toMatchObject({ createdBy: 'operator:admin' });
    const open = await pvs(['links', 'create', shop.id, '--min', '100', '--max', '900']);
    expect(open.stdout).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/pay\/[2-9a-z]{10} \(100–900 PKR; QR: /);
    await waitUntil(async () => (await pvsJson(['links', 'list', '--tenant', shop.id])).length === 2);
    expect((await pvs(['links', 'list', '--tenant', shop.id])).stdout).toContain('Eid order');
    expect((await pvs(['links', 'disable', link.id])).stdout).toMatch(/ disabled at \d{4}-/);
    const refused = await pvs(['links', 'create', shop.id, '--amount', 'lots']);
    expect(refused.code).toBe(2);
    const unknownTenant = await pvs(['links', 'create', '00000000-0000-4000-8000-000000000000', '--amount', '10']);
    expect(unknownTenant.stderr).toContain('Tenant not found');
  });

  it('lists the alerts and acknowledges one under the operator\'s name', async () => {
    const shop = await service.createTenant({ name: 'Waits For Review' });
    const reference = '27182818284';
    await service.request('POST', '/payments/verify', { body: { gateway: 'wallet_one', transaction_reference: reference, amount: 700 }, headers: { 'x-api-key': shop.apiKey } });
    await service.request('POST', '/sms/ingest', {
      body: { sender: '8558', body: `Rs 650.00 received in your JazzCash Mobile Account:03444160241 via Raast. TID: ${reference}` },
      headers: { 'x-api-key': shop.apiKey },
    });
    let listed: { alert_id: string; kind: string; summary: string }[] = [];
    await waitUntil(async () => (listed = await pvsJson(['alerts', 'list', '--tenant', shop.id])).length === 1);
    expect(listed[0]).toMatchObject({ kind: 'payment.review_required' });
    expect((await pvs(['alerts', 'list', '--tenant', shop.id, '--kind', 'payment.review_required'])).stdout).toContain('waits for review: amount_mismatch');
    const acknowledged = await pvsJson(['alerts', 'ack', listed[0].alert_id, '--note', 'calling the payer']);
    expect(acknowledged).toMatchObject({ alert_id: listed[0].alert_id, acknowledged_by: 'admin', note: 'calling the payer' });
    const unknown = await pvs(['alerts', 'ack', 'not-an-alert']);
    expect(unknown.code).not.toBe(0);
    expect(unknown.stderr).toContain('Alert not found');
  });

  it('seals every webhook secret again under the current secrets key, and says nothing is left to do the second time', async () => {
    await service.createTenant({ name: 'Sealed' });
    const first = await pvs(['secrets', 'rotate-key']);
    expect(first.code).toBe(0);
    expect(first.stdout).toMatch(/key\W+[0-9a-f]{16}/);
    expect(first.stderr).toContain('the old key can be dropped from SECRETS_PREVIOUS_KEYS');
    const second = await pvsJson(['secrets', 'rotate-key']);
    expect(second).toEqual({ key: expect.stringMatching(/^[0-9a-f]{16}$/), resealed: 0, unchanged: expect.any(Number), payer_data_keys: 0 });
  });

  it('shows a payment with its full event history', async () => {
    const shop = await service.createTenant({ name: 'Paying' });
    const { uuid, reference } = await register(shop, 1250);
    expect((await pay(shop, reference, '1,250.00')).body.status).toBe('verified');

    const table = await pvs(['payments', 'show', uuid]);

    expect(table.code).toBe(0);
    expect(table.stdout).toMatch(/status\s*│\s*verified/);
    expect(table.stdout).toContain('PaymentIntentRegistered');
    expect(table.stdout).toContain('PaymentVerified');
    const json = await pvsJson(['payments', 'show', uuid]);
    expect(json).toMatchObject({ uuid, tenant_id: shop.id, status: 'verified', amount_expected: 1250 });
    expect(json.events.map((e: { type: string }) => e.type)).toEqual(['PaymentIntentRegistered', 'PaymentVerified']);
  });

  it('reads one stream', async () => {
    const shop = await service.createTenant({ name: 'Streamed' });
    await pvs(['tenants', 'suspend', shop.id]);

    const table = await pvs(['streams', 'read', `tenant-${shop.id}`]);
    expect(table.code).toBe(0);
    expect(table.stdout).toContain('TenantRegistered');
    expect(table.stdout).toContain('TenantUpdated');
    const json = await pvsJson(['streams', 'read', `tenant-${shop.id}`, '--from-version', '2']);
    expect(json).toEqual({ stream: `tenant-${shop.id}`, events: [expect.objectContaining({ stream_version: 2, type: 'TenantUpdated' })] });
  });

  it('follows the log live and prints an event appended after it started, until Ctrl-C', async () => {
    const follower = spawn(process.execPath, [PVS, 'streams', 'follow'], { env: environment() });
    let stdout = '';
    follower.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => follower.on('exit', (code) => resolve(code)));
    try {
      await waitUntil(() => stdout.includes('TenantRegistered'), 10_000);
      const name = `Followed ${randomUUID()}`;
      const shop = await service.createTenant({ name });
      await waitUntil(() => stdout.includes(`tenant-${shop.id}@1  TenantRegistered`), 10_000);
      const line = stdout.split('\n').find((l) => l.includes(`tenant-${shop.id}@1`)) as string;
      expect(line).toMatch(/^\d{20}:\d{20}  \d{4}-\d{2}-\d{2}T\S+Z  tenant-\S+@1  TenantRegistered  \{/);
      expect(line).toContain(name);
    } finally {
      follower.kill('SIGINT');
    }
    expect(await exited).toBe(0);
  });

  it('follows from a checkpoint with --json, one event per line', async () => {
    const before = await service.createTenant({ name: 'Before' });
    const from = (await pvsJson(['streams', 'read', `tenant-${before.id}`])).events[0].checkpoint;
    const follower = spawn(process.execPath, [PVS, '--json', 'streams', 'follow', '--from', from], { env: environment() });
    let stdout = '';
    follower.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => follower.on('exit', (code) => resolve(code)));
    try {
      const after = await service.createTenant({ name: 'After' });
      await waitUntil(() => stdout.includes(`"tenant-${after.id}"`), 10_000);
      const events = stdout.trim().split('\n').map((line) => JSON.parse(line));
      expect(events.map((e) => e.stream)).not.toContain(`tenant-${before.id}`);
      expect(events).toContainEqual(expect.objectContaining({ stream: `tenant-${after.id}`, type: 'TenantRegistered' }));
    } finally {
      follower.kill('SIGINT');
    }
    expect(await exited).toBe(0);
  });

  it('lists failed webhook deliveries, shows their attempts and redelivers them', async () => {
    const shop = await service.createTenant({ name: 'No webhook yet' });
    const paid = [];
    for (const amount of [10, 20]) {
      const { uuid, reference } = await register(shop, amount);
      await pay(shop, reference, `${amount}.00`);
      paid.push(uuid);
    }
    let failed: { id: string; status: string; transaction_uuid: string }[] = [];
    await waitUntil(async () => (failed = await pvsJson(['webhooks', 'failed', '--tenant', shop.id])).length === 2, 10_000);
    expect(failed.map((d) => d.status)).toEqual(['undeliverable', 'undeliverable']);
    expect(failed.map((d) => d.transaction_uuid).sort()).toEqual([...paid].sort());
    const table = await pvs(['webhooks', 'failed', '--tenant', shop.id]);
    expect(table.stdout).toContain(failed[0].id);
    const attempts = await pvs(['webhooks', 'attempts', failed[0].id]);
    expect(attempts.stdout).toMatch(/status\s*│\s*undeliverable/);

    expect(await pvsJson(['webhooks', 'redeliver', '--failed', '--tenant', shop.id])).toEqual({ redelivered: [], skipped: expect.arrayContaining(failed.map((d) => d.id)) });
    await service.admin('PATCH', `/admin/tenants/${shop.id}`, { webhook_url: receiver.url });

    const one = await pvs(['webhooks', 'redeliver', failed[0].id]);
    expect(one).toMatchObject({ code: 0, stdout: `delivery ${failed[0].id} will be sent again now\n` });
    const rest = await pvs(['webhooks', 'redeliver', '--failed', '--tenant', shop.id]);
    expect(rest.stdout).toBe('1 of 1 failed deliveries will be sent again now\n');
    const received = await receiver.waitFor(2);
    expect(received.map((webhook) => JSON.parse(webhook.rawBody).data.uuid).sort()).toEqual([...paid].sort());
  });

  it('lists rejected SMS and parses them again', async () => {
    const shop = await service.createTenant({ name: 'Texting' });
    expect((await service.request('POST', '/sms/ingest', { body: { sender: '8558', body: 'Your OTP is 1234' }, ...withKey(shop.apiKey) })).status).toBe(422);

    let rejected: { tenant_id: string; body: string }[] = [];
    await waitUntil(async () => (rejected = await pvsJson(['sms', 'rejected', '--tenant', shop.id])).length === 1, 10_000);
    expect(rejected[0]).toMatchObject({ tenant_id: shop.id, body: 'Your OTP is 1234' });
    expect((await pvs(['sms', 'rejected', '--tenant', shop.id])).stdout).toContain('Your OTP is 1234');
    expect(await pvsJson(['sms', 'reparse', '--tenant', shop.id])).toEqual({ examined: 1, recognised: 0 });
  });

  it('seals payer data an earlier version kept in the clear, and finds none the second time', async () => {
    const sealed = await pvs(['seal-old-payer-data']);
    expect(sealed.stdout).toMatch(/^\d+ event\(s\) sealed; rebuilding: /);
    expect((await pvs(['seal-old-payer-data'])).stdout.trim()).toBe('0 event(s) sealed; rebuilding: nothing');
  });

  it("erases an SMS's payer data under the operator's name: the list then shows it erased", async () => {
    const shop = await service.createTenant({ name: 'Forgetful' });
    await service.request('POST', '/sms/ingest', { body: { sender: '8558', body: 'Dear SANA, your OTP is 5678' }, ...withKey(shop.apiKey) });
    let rejected: { sms_id: string }[] = [];
    await waitUntil(async () => (rejected = await pvsJson(['sms', 'rejected', '--tenant', shop.id])).length === 1, 10_000);
    const erased = await pvs(['erase', '--sms', rejected[0].sms_id, '--reason', 'the payer asked']);
    expect(erased.stdout).toMatch(new RegExp(`^erased sms ${rejected[0].sms_id} \\(sms/${rejected[0].sms_id}\\): 1 key\\(s\\) destroyed, by `));
    expect((await pvs(['sms', 'rejected', '--tenant', shop.id])).stdout).toContain('(erased)');
    expect(await pvs(['erase', '--reason', 'nothing named'])).toMatchObject({ code: 1, stderr: 'pvs: Give payment_id, sms_id or mobile: one of them (HTTP 422)\n' });
  });

  it('counts the SMS read and rejected per institution, with the reasons and the tiers', async () => {
    const shop = await service.createTenant({ name: 'Counted' });
    for (const amount of ['10.00', '20.00']) expect((await pay(shop, String(randomInt(100_000_000_000, 999_999_999_999)), amount)).status).toBe(200);
    await service.request('POST', '/sms/ingest', { body: { sender: '8558', body: 'Your JazzCash OTP is 112233. Do not share it.' }, ...withKey(shop.apiKey) });

    const stats = async () => JSON.parse((await pvs(['sms', 'stats', '--tenant', shop.id, '--json'])).stdout);
    const total = (data: { institutions: { read: number; rejected: number }[] }) => data.institutions.reduce((sum, row) => sum + row.read + row.rejected, 0);
    await waitUntil(async () => total(await stats()) === 3, 10_000);
    expect(await stats()).toMatchObject({ hours: 48, institutions: [{ institution: 'jazzcash', name: 'JazzCash', read: 2, rejected: 1, rejected_share: 0.3333 }] });

    const table = await pvs(['sms', 'stats', '--tenant', shop.id, '--hours', '24']);
    expect(table.code).toBe(0);
    expect(table.stdout).toMatch(/^SMS since \d{4}-\d{2}-\d{2}T\d{2}:00:00\.000Z \(24 hours, UTC\)\n/);
    expect(table.stdout).toMatch(/JazzCash\s*│\s*2\s*│\s*1\s*│\s*33\.3%\s*│\s*\d read \/ \d rejected/);
    expect(table.stdout).toMatch(/JazzCash\s*│\s*otp_or_promo\s*│\s*1\s/);
    expect(table.stdout).toMatch(/JazzCash\s*│\s*template\s*│\s*2\s/);

    for (const hours of ['0', 'abc', '169']) {
      const run = await pvs(['sms', 'stats', '--hours', hours]);
      expect(run).toMatchObject({ code: 2, stdout: '' });
      expect(run.stderr).toContain('expected a whole number from 1 to 168');
    }
    expect(await pvs(['sms', 'stats', '--tenant', randomUUID()])).toEqual({ code: 1, stdout: '', stderr: 'pvs: Tenant not found (HTTP 404)\n' });
    expect(await pvs(['sms', 'stats', '--tenant', '42'])).toEqual({ code: 1, stdout: '', stderr: 'pvs: tenant_id must be a UUID (HTTP 422)\n' });
  });

  it('teaches a wording from a rejected SMS: dry run, learn (the payment verifies), list, promote and retire', async () => {
    const shop = await service.createTenant({ name: 'New bank customer' });
    await service.admin('PATCH', `/admin/tenants/${shop.id}`, { allowed_senders: { bank: ['NEWBANK'] } });
    const reference = `FT${randomInt(10_000_000, 99_999_999)}`;
    const { uuid } = (await service.request('POST', '/payments/verify', { body: { gateway: 'bank', transaction_reference: reference, amount: 640 }, ...withKey(shop.apiKey) })).body.data;
    const body = `Dear Customer, your A/C **4455 got PKR 640.00 from SANA IQBAL. Txn ${reference} on 03-12-2026.`;
    expect((await service.request('POST', '/sms/ingest', { body: { sender: 'NEWBANK', body }, ...withKey(shop.apiKey) })).status).toBe(422);
    let rejected: { sms_id: string }[] = [];
    await waitUntil(async () => (rejected = await pvsJson(['sms', 'rejected', '--tenant', shop.id])).length === 1, 10_000);

    const lesson = ['templates', 'learn', '--sms', rejected[0].sms_id, '--amount', '640.00', '--reference', reference];
    const dryRun = await pvs(lesson);
    expect(dryRun.stdout).toMatch(/would read\s*│\s*1 rejected SMS/);
    expect(dryRun.stderr).toContain('Nothing recorded');
    const learned = await pvsJson([...lesson, '--yes', '--note', 'new wording']);
    expect(learned).toMatchObject({ template: { scope: 'tenant', sender: 'NEWBANK' }, reparse: { examined: 1, recognised: 1 } });
    await waitUntil(async () => (await service.request('GET', `/payments/status/${uuid}`, withKey(shop.apiKey))).body.data.status === 'verified', 10_000);

    const id = learned.template.id as string;
    expect((await pvs(['templates', 'list', '--tenant', shop.id])).stdout).toContain(id);
    expect((await pvs(['templates', 'promote', id])).stdout).toContain(`${id} promoted to every tenant`);
    expect(await pvsJson(['templates', 'retire', id, '--note', 'changed again'])).toMatchObject({ id, scope: 'all', retired_at: expect.any(String) });
    expect((await pvs(['templates', 'learn', '--sms', rejected[0].sms_id, '--amount', '641.00', '--no-reference'])).stderr).toMatch(/does not occur in the SMS/);
  });

  it('shows the projections and rebuilds one until it is done', async () => {
    const shop = await service.createTenant({ name: 'Projected' });
    const { reference } = await register(shop, 30);
    await pay(shop, reference, '30.00');

    const status = await pvsJson(['projections', 'status']);
    expect(status.map((p: { name: string }) => p.name)).toEqual(expect.arrayContaining(['payments', 'sms']));
    expect((await pvs(['projections', 'status'])).stdout).toMatch(/payments\s*│\s*\d{20}:\d{20}/);

    const rebuilt = await pvs(['projections', 'rebuild', 'payments']);
    expect(rebuilt.code).toBe(0);
    expect(rebuilt.stdout).toMatch(/^payments rebuilt: done (\d+)\/\1 events/);
    const json = await pvsJson(['projections', 'rebuild', 'sms']);
    expect(json).toMatchObject({ status: 'done', error: null, events_done: json.events_total });
    expect(json.events_done).toBeGreaterThan(0);
    expect(await pvs(['projections', 'rebuild', 'no_such_projection'])).toMatchObject({ code: 1, stderr: 'pvs: Projection not found (HTTP 404)\n' });
  });

  describe('errors and exit codes', () => {
    it('exits 1 with the API message on a wrong token or an unknown id', async () => {
      const unauthorised = await pvs(['tenants', 'list'], { PVS_ADMIN_TOKEN: 'not-the-admin-token' });
      expect(unauthorised).toEqual({ code: 1, stdout: '', stderr: 'pvs: Missing or invalid admin token (HTTP 401)\n' });
      const unknown = await pvs(['payments', 'show', randomUUID()]);
      expect(unknown).toEqual({ code: 1, stdout: '', stderr: 'pvs: Transaction not found (HTTP 404)\n' });
      expect((await pvs(['tenants', 'suspend', randomUUID()])).code).toBe(1);
    });

    it('exits 2 on a usage error, without calling the service', async () => {
      for (const args of [['tenants', 'set-unpaid', randomUUID(), 'many'], ['tenants', 'frobnicate'], ['webhooks', 'redeliver'], ['tenants']]) {
        const run = await pvs(args);
        expect(run.code).toBe(2);
        expect(run.stderr).not.toBe('');
      }
      expect(await pvs(['tenants', 'list'], { PVS_ADMIN_TOKEN: '' })).toMatchObject({ code: 2, stderr: 'pvs: no admin token: set PVS_ADMIN_TOKEN or pass --token\n' });
    });

    it('exits 3 naming PVS_URL when nothing listens there', async () => {
      const port = await closedPort();
      const run = await pvs(['tenants', 'list'], { PVS_URL: `http://127.0.0.1:${port}/api/v1` });
      expect(run.code).toBe(3);
      expect(run.stderr).toContain(`cannot reach the service at http://127.0.0.1:${port}/api/v1 (set PVS_URL or --url)`);
      expect(run.stderr).toContain('ECONNREFUSED');
    });
  });
});

/** A port nothing listens on: one the system just handed out and took back. */
function closedPort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

import { createHmac, randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Webhook } from 'standardwebhooks';
import { TENANT_TWILIO_AUTH_TOKEN_RESEALED, TENANT_WEBHOOK_SECRET_RESEALED, TENANT_WEBHOOK_SECRET_ROTATED, tenantStream } from '@pvs/contracts';
import { EVENT_STORE, EventStore } from '@pvs/event-store';
import { SecretBox, keyFingerprint } from '@pvs/tenants';
import { jazzCashCredit, randomTransactionId, waitUntil } from '@pvs/testing';
import { TestService, TestTenant, WebhookReceiver, startTestService } from './testing';

const TWILIO_AUTH_TOKEN = randomBytes(16).toString('hex');

/** A payment registered and paid: the notifier then owes the tenant a webhook. */
async function pay(service: TestService, tenant: TestTenant): Promise<string> {
  const reference = randomTransactionId();
  const registered = await service.request('POST', '/payments/verify', {
    body: { gateway: 'wallet_one', transaction_reference: reference, amount: 100 },
    headers: { 'x-api-key': tenant.apiKey },
  });
  await service.request('POST', '/sms/ingest', { body: { sender: '8558', body: jazzCashCredit({ reference, amount: '100.00' }) }, headers: { 'x-api-key': tenant.apiKey } });
  return registered.body.data.uuid as string;
}

describe('the secrets key', () => {
  let receiver: WebhookReceiver;

  beforeAll(async () => {
    receiver = await new WebhookReceiver().start();
  });

  afterAll(() => receiver.stop());

  it('is refused at start when it opens no stored secret, and rotates: new key with the old one beside it, reseal, old key dropped', async () => {
    const dataDir = join(mkdtempSync(join(tmpdir(), 'pvs-secrets-')), 'data');
    const [oldKey, newKey] = [randomBytes(32), randomBytes(32)];
    const adminToken = randomBytes(24).toString('base64url');
    const start = (secretsKey: Buffer, previousSecretsKeys: Buffer[] = []) => startTestService({ dataDir, adminToken, secretsKey, previousSecretsKeys });

    let service = await start(oldKey);
    const tenant = await service.createTenant({ webhook_url: receiver.url });
    await service.admin('POST', `/admin/tenants/${tenant.id}/rotate-webhook-secret`, { overlap_seconds: 3600 });
    await service.admin('PUT', `/admin/tenants/${tenant.id}/twilio-auth-token`, { auth_token: TWILIO_AUTH_TOKEN });
    // An SMS whose text is sealed under a data key, itself sealed under the old key.
    const otp = 'Dear ZARMEENA, your OTP is 731904. Do not share it.';
    await service.request('POST', '/sms/ingest', { body: { sender: '8558', body: otp }, headers: { 'x-api-key': tenant.apiKey } });
    await service.close();

    await expect(start(newKey)).rejects.toThrow(
      `Invalid configuration: SECRETS_KEY does not open 3 stored secret(s), sealed under key ${keyFingerprint(oldKey)} (the current key is ${keyFingerprint(newKey)})`,
    );

    service = await start(newKey, [oldKey]);
    const resealed = await service.admin('POST', '/admin/secrets/reseal');
    expect(resealed.body).toEqual({ success: true, data: { key: keyFingerprint(newKey), resealed: 1, unchanged: 0, payer_data_keys: 1 } });
    expect((await service.admin('POST', '/admin/secrets/reseal')).body.data).toEqual({ key: keyFingerprint(newKey), resealed: 0, unchanged: 1, payer_data_keys: 0 });
    const history = await service.app.get<EventStore>(EVENT_STORE).readStream(tenantStream(tenant.id));
    expect(history.map((event) => event.type).slice(-2)).toEqual([TENANT_WEBHOOK_SECRET_RESEALED, TENANT_TWILIO_AUTH_TOKEN_RESEALED]);
    expect(JSON.stringify(history.slice(-2))).not.toContain(tenant.webhookSecret.slice(6));
    expect(JSON.stringify(history.slice(-2))).not.toContain(TWILIO_AUTH_TOKEN);
    await service.close();

    service = await start(newKey);
    try {
      // The SMS's text opens under the new key alone: its data key was sealed again, the text was not rewritten.
      expect((await service.admin('GET', `/admin/sms?tenant_id=${tenant.id}`)).body.data.map((sms: { body: string | null }) => sms.body)).toEqual([otp]);

      // The Twilio auth token opens under the new key alone: Twilio's signature is still checked with it.
      const fields: Record<string, string> = { MessageSid: 'SM1', AccountSid: 'AC1', From: '8558', To: '+15550001111', Body: 'Your OTP is 482913.' };
      const signature = createHmac('sha1', TWILIO_AUTH_TOKEN)
        .update(`${service.baseUrl}/sms/ingest${Object.keys(fields).sort().map((name) => `${name}${fields[name]}`).join('')}`)
        .digest('base64');
      const twilio = (signed: string) =>
        service.request('POST', '/sms/ingest', {
          rawBody: new URLSearchParams(fields).toString(),
          headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-gateway-secret': tenant.gatewaySecret, 'x-twilio-signature': signed },
        });
      expect((await twilio(signature)).status).toBe(200);
      expect((await twilio(signature.replace(/^./, (first) => (first === 'A' ? 'B' : 'A')))).status).toBe(403);

      const uuid = await pay(service, tenant);
      const [webhook] = await receiver.waitFor(1);
      expect(JSON.parse(webhook.rawBody).data.uuid).toBe(uuid);
      // Both secrets of the overlap still sign, as before the rotation of the key.
      expect((webhook.headers['webhook-signature'] as string).split(' ')).toHaveLength(2);
      expect(() => new Webhook(tenant.webhookSecret).verify(webhook.rawBody, webhook.headers as Record<string, string>)).not.toThrow();
    } finally {
      await service.close();
    }
  });

  it('parks a delivery whose secret does not open (sealed by a process with another key), once, without sending it', async () => {
    const service = await startTestService({ webhookRetryScheduleSeconds: [0, 1, 1], metricsToken: undefined });
    try {
      const tenant = await service.createTenant({ webhook_url: receiver.url });
      const events = service.app.get<EventStore>(EVENT_STORE);
      const [current] = await events.readStream(tenantStream(tenant.id));
      const foreign = new SecretBox(randomBytes(32)).seal('whsec_c2VjcmV0', tenant.id);
      await events.append(
        tenantStream(tenant.id),
        [{ type: TENANT_WEBHOOK_SECRET_ROTATED, data: { tenantId: tenant.id, webhookSecret: foreign, previousWebhookSecret: foreign, previousValidUntil: new Date(0).toISOString(), rotatedAt: new Date().toISOString() }, metadata: { tenantId: tenant.id, correlationId: 'test' } }],
        current.streamVersion,
      );
      const before = receiver.received.length;
      const uuid = await pay(service, tenant);
      const deliveries = async () => (await service.admin('GET', `/admin/webhooks/deliveries?transaction_uuid=${uuid}`)).body.data;
      await waitUntil(async () => (await deliveries()).some((delivery: { status: string }) => delivery.status === 'dead'), 10_000);
      const [delivery] = await deliveries();
      const detail = (await service.admin('GET', `/admin/webhooks/deliveries/${delivery.id}`)).body.data;
      expect(detail.attempts).toBe(1);
      expect(detail.attempts_log).toEqual([expect.objectContaining({ outcome: 'unsigned', status_code: null, next_attempt_at: null, error: expect.stringContaining('the webhook secret does not open') })]);
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      expect((await service.admin('GET', `/admin/webhooks/deliveries/${delivery.id}`)).body.data.attempts_log).toHaveLength(1);
      expect(receiver.received.length).toBe(before);
      const metrics = await (await fetch(`${new URL(service.baseUrl).origin}/metrics`)).text();
      expect(metrics).toContain('pvs_webhook_deliveries_dead_total{cause="unsigned"} 1');
    } finally {
      await service.close();
    }
  });
});

import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { TestService, TestTenant, WebhookReceiver, startTestService } from '@pvs/embedded/testing';
import { jazzCashCredit, waitUntil } from '@pvs/testing';

const run = promisify(execFile);
const SCHEMATHESIS = 'scripts/tools/schemathesis.sh';
const CONFIG = 'tools/schemathesis/schemathesis.toml';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type OpenApiDocument = Record<string, any>;

/** The figures Schemathesis prints at the end of a run. */
function summaryOf(output: string) {
  const operations = /Tested: (\d+)/.exec(output)?.[1];
  const cases = /(\d+) generated/.exec(output)?.[1];
  return { operations: Number(operations), cases: Number(cases) };
}

describe('the OpenAPI document', () => {
  let service: TestService;
  let receiver: WebhookReceiver;
  let tenant: TestTenant;
  let document: OpenApiDocument;
  const origin = () => new URL(service.baseUrl).origin;

  beforeAll(async () => {
    receiver = await new WebhookReceiver().start();
    service = await startTestService();
    tenant = await service.createTenant({ webhook_url: receiver.url });
    document = (await (await fetch(`${origin()}/api/v1/openapi.json`)).json()) as OpenApiDocument;
  }, 60_000);

  afterAll(async () => {
    await service?.close();
    await receiver?.stop();
  });

  it('is OpenAPI 3.0, version 1.0.0, based at /api/v1, with the three credentials of the spec', () => {
    expect(document.openapi).toMatch(/^3\.0\./);
    expect(document.info.version).toBe('1.0.0');
    expect(document.servers).toEqual([{ url: '/api/v1' }]);
    expect(document.components.securitySchemes).toMatchObject({
      apiKey: { type: 'apiKey', in: 'header', name: 'X-Api-Key' },
      gatewaySecret: { type: 'apiKey', in: 'header', name: 'X-Gateway-Secret' },
      adminToken: { type: 'http', scheme: 'bearer' },
    });
  });

  it('documents every route the gateway serves, each with its credential, except the public health probe', () => {
    const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.entries(methods as OpenApiDocument).map(([method, operation]) => ({ name: `${method.toUpperCase()} ${path}`, operation })),
    );
    const names = operations.map(({ name }) => name);
    for (const merchant of ['POST /payments/verify', 'GET /payments/status/{uuid}', 'POST /sms/ingest', 'GET /system/health']) {
      expect(names).toContain(merchant);
    }
    expect(names.filter((name) => name.includes('/admin/')).length).toBeGreaterThanOrEqual(20);
    for (const { name, operation } of operations) {
      const schemes = (operation.security ?? []).flatMap((requirement: object) => Object.keys(requirement));
      if (name === 'GET /system/health') expect(schemes).toEqual([]);
      else expect({ name, schemes }).toEqual({ name, schemes: expect.arrayContaining([expect.any(String)]) });
      expect({ name, summary: operation.summary }).toEqual({ name, summary: expect.any(String) });
    }
  });

  it('gives the spec’s fields and statuses for POST /payments/verify', () => {
    const verify = document.paths['/payments/verify'].post;
    expect(Object.keys(verify.responses).sort()).toEqual(['200', '400', '401', '402', '415', '422', '429']);
    const request = document.components.schemas.RegisterPaymentIntentRequest;
    expect(request.required.sort()).toEqual(['amount', 'gateway', 'transaction_reference']);
    expect(Object.keys(request.properties).sort()).toEqual(['amount', 'callback_url', 'client_metadata', 'gateway', 'sender_source', 'transaction_reference']);
    expect(request.properties.gateway.enum).toEqual(['wallet_one', 'wallet_two', 'bank']);
    expect(document.components.schemas.ErrorResponse.required).toEqual(['success', 'message']);
  });

  it('documents the webhook as a callback of POST /payments/verify, with both signatures', () => {
    const webhook = document.paths['/payments/verify'].post.callbacks.paymentDecided['{$request.body#/callback_url}'].post;
    expect(webhook.parameters.map((parameter: { name: string }) => parameter.name)).toEqual(['X-Service-Signature', 'webhook-id', 'webhook-timestamp', 'webhook-signature']);
    expect(Object.keys(webhook.responses)).toEqual(['200', '403']);
    const payload = document.components.schemas.WebhookPayload;
    expect(payload.properties.data.$ref).toBe('#/components/schemas/PaymentWebhookData');
    expect(document.components.schemas.PaymentWebhookData.required).toContain('client_metadata');
    expect(payload.properties.event.enum).toEqual(['payment.verified', 'payment.manual_review', 'payment.failed']);
    // Open, unlike requests and responses: receivers ignore fields they do not know, so fields can be added.
    expect(payload.additionalProperties).toBeUndefined();
    expect(document.components.schemas.AlertWebhookPayload.oneOf).toHaveLength(5);
  });

  it('serves Swagger UI at /api/docs', async () => {
    const response = await fetch(`${origin()}/api/docs`);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('swagger-ui');
  });

  it('passes the Redocly linter', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'pvs-openapi-')), 'openapi.json');
    writeFileSync(file, JSON.stringify(document));
    const { stdout, stderr } = await run('npx', ['redocly', 'lint', file, '--format=stylish'], { env: { ...process.env, NO_COLOR: '1' } });
    expect(`${stdout}${stderr}`).toContain('Your API description is valid');
  }, 60_000);

  it('holds under Schemathesis: no 5xx, every response as documented, both directions of validation', async () => {
    const register = async (reference: string, amount: number) =>
      (await service.request('POST', '/payments/verify', { body: { gateway: 'wallet_one', transaction_reference: reference, amount }, headers: { 'x-api-key': tenant.apiKey } })).body.data.uuid as string;
    const ingest = (reference: string, amount: string) =>
      service.request('POST', '/sms/ingest', { body: { sender: '8558', body: jazzCashCredit({ reference, amount }) }, headers: { 'x-api-key': tenant.apiKey } });
    const verified = await register('710000000001', 100);
    await ingest('710000000001', '100.00');
    const underReview = await register('710000000002', 250);
    await ingest('710000000002', '200.00');
    await waitUntil(async () => receiver.received.length >= 2, 10_000);
    const [delivery] = (await service.admin('GET', `/admin/webhooks/deliveries?transaction_uuid=${verified}`)).body.data;

    const env = {
      ...process.env,
      NO_COLOR: '1',
      PVS_PAYMENT_UUID: verified,
      PVS_REVIEW_PAYMENT_UUID: underReview,
      PVS_DELIVERY_ID: delivery.id,
      PVS_TENANT_ID: tenant.id,
    };
    const schemathesis = (tag: string) =>
      run(
        SCHEMATHESIS,
        ['--config-file', CONFIG, 'run', `${origin()}/api/v1/openapi.json`, '--include-tag', tag, '--checks', 'all', '--workers', '2', '--seed', '20261126',
          '-H', `X-Api-Key: ${tenant.apiKey}`, '-H', `Authorization: Bearer ${service.adminToken}`],
        { env, maxBuffer: 64 * 1024 * 1024 },
      ).then(
        ({ stdout }) => stdout,
        (error: { stdout?: string; message: string }) => {
          throw new Error(`Schemathesis found failures (${tag}):\n${error.stdout ?? error.message}`);
        },
      );
    // Each run throws on any failure (Schemathesis exits non-zero). Merchants first: the operators'
    // run rotates this tenant's API key.
    const runs = [];
    for (const tag of ['merchants', 'monitoring', 'operators']) runs.push(summaryOf(await schemathesis(tag)));
    const total = runs.reduce((sum, figures) => ({ operations: sum.operations + figures.operations, cases: sum.cases + figures.cases }), { operations: 0, cases: 0 });
    console.log(`Schemathesis: ${total.operations} operations, ${total.cases} generated test cases, 0 failures`);
    expect(total.operations).toBe(Object.values(document.paths).reduce((count: number, methods) => count + Object.keys(methods as object).length, 0));
  }, 600_000);
});

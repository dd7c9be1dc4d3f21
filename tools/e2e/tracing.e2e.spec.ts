import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { WebhookReceiver } from '@pvs/embedded/testing';
import { OtlpReceiver } from '@pvs/observability/testing';
import { tracingRequested } from '@pvs/observability/tracing';
import { describeChain, tracePayment } from './payment-trace';
import { ServiceProcess, buildOnce, freePort, jsonClient } from './service-processes';

describe('tracing is asked for with the standard variables, and off without them', () => {
  it.each([
    [{}, false],
    [{ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' }, true],
    [{ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://collector:4318/v1/traces' }, true],
    [{ OTEL_TRACES_EXPORTER: 'otlp' }, true],
    [{ OTEL_TRACES_EXPORTER: 'console' }, true],
    [{ OTEL_TRACES_EXPORTER: 'none', OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' }, false],
    [{ OTEL_SDK_DISABLED: 'true', OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' }, false],
    [{ OTEL_SDK_DISABLED: 'false', OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' }, true],
  ])('%j → %s', (env, requested) => {
    expect(tracingRequested(env)).toBe(requested);
  });
});

describe('one payment is one trace in embedded mode (the service as `npm start` runs it)', () => {
  const spans = new OtlpReceiver();
  const webhooks = new WebhookReceiver();
  const adminToken = randomBytes(24).toString('base64url');
  const dataDir = mkdtempSync(join(tmpdir(), 'pvs-tracing-'));
  let service: ServiceProcess;
  let base = '';

  beforeAll(async () => {
    buildOnce();
    await Promise.all([spans.start(), webhooks.start()]);
    const port = await freePort();
    base = `http://127.0.0.1:${port}/api/v1`;
    service = new ServiceProcess('embedded', {
      PORT: String(port),
      DATA_DIR: dataDir,
      ADMIN_TOKEN: adminToken,
      WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true',
      OTEL_EXPORTER_OTLP_ENDPOINT: spans.endpoint,
      OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
      OTEL_BSP_SCHEDULE_DELAY: '100',
    });
    await service.waitForOutput('Listening on', 60_000);
  }, 120_000);

  afterAll(async () => {
    await service?.stop();
    await Promise.all([spans.stop(), webhooks.stop()]);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('follows the SMS from its ingest through the match and the decision to the webhook, linked to the registration', async () => {
    const { chain, registeredIn } = await tracePayment(jsonClient(() => base), adminToken, webhooks.url, spans);
    console.log(`One payment's trace, embedded:\n${describeChain(chain)}`);
    expect(chain.map((span) => span.name)).toEqual(['webhook payment.verified', 'notify PaymentVerified', 'publish PaymentVerified', 'match SmsParsed', 'POST /api/v1/sms/ingest']);
    expect(new Set(chain.map((span) => span.service))).toEqual(new Set(['pvs-embedded']));
    expect(chain[0].attributes).toMatchObject({ 'pvs.outcome': 'succeeded', 'http.response.status_code': 200, 'server.address': expect.stringMatching(/^127\.0\.0\.1:\d+$/) });
    expect(chain.find((span) => span.name === 'match SmsParsed')?.linkedTraceIds).toEqual([registeredIn]);
    // The merchant gets no trace header: our trace ids stay ours.
    expect(webhooks.received.at(-1)?.headers.traceparent).toBeUndefined();
  });
});

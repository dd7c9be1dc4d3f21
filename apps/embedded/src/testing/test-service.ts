import { randomBytes } from 'node:crypto';
import { DestinationStream } from 'pino';
import { JsonLogger, LogLevel } from '@pvs/observability';
import { PAYER_DATA_VAULT, PayerDataVault } from '@pvs/payer-data';
import { Clock, listensOnLoopbackOnly } from '@pvs/runtime';
import { DEFAULT_SILENCE_LIMITS, DEFAULT_STALL_LIMITS, SilenceLimits, StallLimits } from '@pvs/domain';
import { RunningService, startEmbedded } from '../start-embedded';

export interface TestService extends RunningService {
  readonly adminToken: string;
  /** fetch against the base URL, JSON in and out. */
  request(method: string, path: string, options?: { body?: unknown; headers?: Record<string, string>; rawBody?: string }): Promise<TestResponse>;
  admin(method: string, path: string, body?: unknown): Promise<TestResponse>;
  createTenant(body?: Record<string, unknown>): Promise<TestTenant>;
  /** The service's payer data vault: what a test opens recorded payer data with, or destroys a subject's key with. */
  readonly payerData: PayerDataVault;
}

export interface TestResponse {
  readonly status: number;
  readonly headers: Headers;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  readonly body: any;
}

export interface TestTenant {
  readonly id: string;
  readonly apiKey: string;
  readonly gatewaySecret: string;
  readonly webhookSecret: string;
}

/** The whole embedded service on a free loopback port: in-memory PGlite, or PostgreSQL when given. */
export interface TestServiceOptions {
  readonly databaseUrl?: string;
  readonly paymentExpirySeconds?: number;
  readonly smsDecisionWaitMs?: number;
  readonly requestTimeoutMs?: number;
  /** Where to listen (127.0.0.1 by default): another address closes the defaults meant for a developer's machine. */
  readonly host?: string;
  readonly docsPublic?: boolean;
  /** Wrong credentials per address or key id in a minute before a block (1,000 unless set: suites send many). */
  readonly authFailureLimit?: number;
  readonly authFailureBlockMs?: number;
  /** Admin requests per address in a minute (100,000 unless set). */
  readonly adminRateLimit?: number;
  /** Believe X-Forwarded-For: a test can then speak from many client addresses. */
  readonly trustProxy?: boolean;
  /** The service's root as callers reach it (PUBLIC_BASE_URL); none unless set. */
  readonly publicBaseUrl?: string;
  readonly expirySweepIntervalMs?: number;
  readonly watchIntervalMs?: number;
  readonly retentionIntervalMs?: number;
  readonly silence?: SilenceLimits;
  /** How long a ledger break lasts before it is reported (10 minutes unless set). */
  readonly gapSettleMs?: number;
  readonly stall?: StallLimits;
  readonly webhookRetryScheduleSeconds?: readonly number[];
  readonly webhookTimeoutMs?: number;
  readonly webhookAllowPrivateNetworks?: boolean;
  readonly webhookPerEndpointLimit?: number;
  /** Keep the data in this folder (PGlite), so a restart finds it. */
  readonly dataDir?: string;
  readonly adminToken?: string;
  readonly secretsKey?: Buffer;
  readonly previousSecretsKeys?: readonly Buffer[];
  readonly clock?: Clock;
  /** Where the JSON log lines go (default stdout), from which level (default error: the failed webhook attempts that tests provoke are warnings). */
  readonly logDestination?: DestinationStream;
  readonly logLevel?: LogLevel;
  readonly metricsToken?: string;
}

export async function startTestService(options: TestServiceOptions = {}): Promise<TestService> {
  const adminToken = options.adminToken ?? randomBytes(24).toString('base64url');
  const service = await startEmbedded({
    port: 0,
    host: options.host ?? '127.0.0.1',
    dataDir: options.dataDir ?? null,
    databaseUrl: options.databaseUrl,
    adminToken,
    secretsKey: options.secretsKey ?? randomBytes(32),
    previousSecretsKeys: options.previousSecretsKeys ?? [],
    metricsToken: options.metricsToken,
    gateway: {
      paymentExpirySeconds: options.paymentExpirySeconds ?? 86_400,
      smsDecisionWaitMs: options.smsDecisionWaitMs ?? 2_000,
      requestTimeoutMs: options.requestTimeoutMs ?? 15_000,
      docsPublic: options.docsPublic ?? listensOnLoopbackOnly(options.host ?? '127.0.0.1'),
      authFailures: { limit: options.authFailureLimit ?? 1_000, windowMs: 60_000, blockMs: options.authFailureBlockMs ?? 60_000 },
      adminRateLimit: options.adminRateLimit ?? 100_000,
      trustProxy: options.trustProxy ?? false,
      webhookAllowPrivateNetworks: options.webhookAllowPrivateNetworks ?? true,
      publicBaseUrl: options.publicBaseUrl ?? null,
    },
    matcher: {
      expirySweepIntervalMs: options.expirySweepIntervalMs ?? 60_000,
      watchIntervalMs: options.watchIntervalMs ?? 60_000,
      silence: options.silence ?? DEFAULT_SILENCE_LIMITS,
      gapSettleMs: options.gapSettleMs ?? 600_000,
      stall: options.stall ?? DEFAULT_STALL_LIMITS,
      retentionIntervalMs: options.retentionIntervalMs ?? 3_600_000,
    },
    notifier: {
      allowPrivateNetworks: options.webhookAllowPrivateNetworks ?? true,
      retryScheduleSeconds: options.webhookRetryScheduleSeconds ?? [0, 1, 1, 1],
      timeoutMs: options.webhookTimeoutMs ?? 2_000,
      maxInFlight: 32,
      perEndpointLimit: options.webhookPerEndpointLimit ?? 4,
      pollIntervalMs: 250,
      disableEndpointAfterMs: 120 * 3_600_000,
    },
  }, new JsonLogger({ service: 'embedded', level: options.logLevel ?? 'error', destination: options.logDestination }), { clock: options.clock });

  const request: TestService['request'] = async (method, path, { body, headers = {}, rawBody } = {}) => {
    const hasJson = body !== undefined;
    const response = await fetch(`${service.baseUrl}${path}`, {
      method,
      headers: { ...(hasJson ? { 'content-type': 'application/json' } : {}), ...headers },
      body: rawBody ?? (hasJson ? JSON.stringify(body) : undefined),
    });
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      /* not JSON: keep the text */
    }
    return { status: response.status, headers: response.headers, body: parsed };
  };

  const admin: TestService['admin'] = (method, path, body) =>
    request(method, path, { body, headers: { authorization: `Bearer ${adminToken}` } });

  return {
    ...service,
    adminToken,
    request,
    admin,
    payerData: service.app.get<PayerDataVault>(PAYER_DATA_VAULT),
    async createTenant(body = {}) {
      const response = await admin('POST', '/admin/tenants', { name: 'Test merchant', ...body });
      if (response.status !== 201) throw new Error(`tenant creation failed: ${response.status} ${JSON.stringify(response.body)}`);
      const { id, api_key, gateway_secret, webhook_secret } = response.body.data;
      return { id, apiKey: api_key, gatewaySecret: gateway_secret, webhookSecret: webhook_secret };
    },
  };
}

import { ConfigError, EnvReader, FailurePolicy, listensOnLoopbackOnly } from '@pvs/runtime';

/** The gateway's own settings from the environment. */
export interface GatewaySettings {
  readonly paymentExpirySeconds: number;
  /** How long SMS ingest waits for the matcher's decision before answering with what it knows. */
  readonly smsDecisionWaitMs: number;
  /** The whole request, headers and body, must arrive within this (a slow client holds no connection longer). */
  readonly requestTimeoutMs: number;
  /** Whether Swagger UI and the OpenAPI document are served to anyone, or to the admin token's bearer only. */
  readonly docsPublic: boolean;
  /** Wrong credentials allowed per client address and per key id in a minute, before both are blocked a while. */
  readonly authFailures: FailurePolicy;
  /** Operators' API requests allowed per client address in a minute. */
  readonly adminRateLimit: number;
  /** Whom to believe about the client address (X-Forwarded-For): nobody, every proxy, or these addresses. */
  readonly trustProxy: boolean | string;
  /** Whether webhook_url and callback_url may point to loopback and private addresses (WEBHOOK_ALLOW_PRIVATE_NETWORKS, as the notifier). */
  readonly webhookAllowPrivateNetworks: boolean;
  /**
   * The service's root as callers reach it (`https://pay.example.pk`, with any path a proxy adds): the URLs Twilio signs
   * start with it. Null: the request's own scheme and host (X-Forwarded-Proto and -Host when TRUST_PROXY believes them).
   */
  readonly publicBaseUrl: string | null;
}

/** `host` is where the gateway listens: the defaults close when others can reach it. */
export function loadGatewaySettings(read: EnvReader, host: string): GatewaySettings {
  return {
    paymentExpirySeconds: read.integer('PAYMENT_EXPIRY_SECONDS', 86_400, { min: 60, max: 90 * 86_400 }),
    smsDecisionWaitMs: read.integer('SMS_DECISION_WAIT_MS', 2_000, { min: 0, max: 30_000 }),
    requestTimeoutMs: read.integer('HTTP_REQUEST_TIMEOUT_MS', 15_000, { min: 1_000, max: 300_000 }),
    docsPublic: read.boolean('DOCS_ENABLED', listensOnLoopbackOnly(host)),
    authFailures: {
      limit: read.integer('AUTH_FAILURE_LIMIT', 20, { min: 1, max: 100_000 }),
      windowMs: 60_000,
      blockMs: read.integer('AUTH_FAILURE_BLOCK_SECONDS', 300, { min: 1, max: 86_400 }) * 1000,
    },
    adminRateLimit: read.integer('ADMIN_RATE_LIMIT', 600, { min: 1, max: 1_000_000 }),
    trustProxy: trustedProxies(read.string('TRUST_PROXY', 'false')),
    webhookAllowPrivateNetworks: read.boolean('WEBHOOK_ALLOW_PRIVATE_NETWORKS', false),
    publicBaseUrl: publicBaseUrl(read),
  };
}

/** TRUST_PROXY: false (the default), true (every hop), or a comma-separated list of proxy addresses or ranges. */
function trustedProxies(value: string): boolean | string {
  if (value === 'false' || value === '') return false;
  return value === 'true' ? true : value;
}

/** PUBLIC_BASE_URL: a scheme, a host and perhaps a path, without the trailing slash; none when unset. */
function publicBaseUrl(read: EnvReader): string | null {
  const raw = read.url('PUBLIC_BASE_URL', ['https:', 'http:']);
  if (raw === undefined) return null;
  const url = new URL(raw);
  if (url.search || url.hash || url.username || url.password) throw new ConfigError('PUBLIC_BASE_URL', 'must be a scheme, a host and perhaps a path: no query, fragment or credentials');
  return raw.replace(/\/+$/, '');
}

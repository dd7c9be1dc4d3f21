import { resolve } from 'node:path';
import { DEFAULT_RETRY_SCHEDULE_SECONDS } from '@pvs/notifier';
import { Env, EnvReader } from '@pvs/runtime';

export interface EmbeddedConfig {
  readonly port: number;
  readonly host: string;
  /** Where PGlite and the local secrets live; null keeps everything in memory (tests). */
  readonly dataDir: string | null;
  /** A PostgreSQL server to use instead of PGlite, still in one process. */
  readonly databaseUrl: string | undefined;
  readonly adminToken: string | undefined;
  readonly secretsKey: Buffer | undefined;
  readonly paymentExpirySeconds: number;
  readonly smsDecisionWaitMs: number;
  readonly expirySweepIntervalMs: number;
  readonly webhookAllowPrivateNetworks: boolean;
  readonly webhookRetryScheduleSeconds: readonly number[];
  readonly webhookTimeoutMs: number;
  readonly webhookMaxInFlight: number;
  readonly webhookPerEndpointLimit: number;
  readonly webhookDisableEndpointAfterHours: number;
}

/** Reads and checks the environment; a bad value throws a ConfigError naming the variable. */
export function loadEmbeddedConfig(env: Env): EmbeddedConfig {
  const read = new EnvReader(env);
  return {
    port: read.integer('PORT', 3000, { min: 0, max: 65_535 }),
    host: read.string('HOST', '127.0.0.1'),
    dataDir: resolve(read.string('DATA_DIR', './.data')),
    databaseUrl: read.url('DATABASE_URL', ['postgres:', 'postgresql:']),
    adminToken: read.secret('ADMIN_TOKEN', { minLength: 16 }),
    secretsKey: read.base64Key('SECRETS_KEY', 32),
    paymentExpirySeconds: read.integer('PAYMENT_EXPIRY_SECONDS', 86_400, { min: 60, max: 90 * 86_400 }),
    smsDecisionWaitMs: read.integer('SMS_DECISION_WAIT_MS', 2_000, { min: 0, max: 30_000 }),
    expirySweepIntervalMs: read.integer('EXPIRY_SWEEP_INTERVAL_MS', 5_000, { min: 100, max: 3_600_000 }),
    webhookAllowPrivateNetworks: read.boolean('WEBHOOK_ALLOW_PRIVATE_NETWORKS', false),
    webhookRetryScheduleSeconds: read.integerList('WEBHOOK_RETRY_SCHEDULE', DEFAULT_RETRY_SCHEDULE_SECONDS, { min: 0, max: 7 * 86_400 }),
    webhookTimeoutMs: read.integer('WEBHOOK_TIMEOUT_MS', 10_000, { min: 100, max: 60_000 }),
    webhookMaxInFlight: read.integer('WEBHOOK_MAX_IN_FLIGHT', 32, { min: 1, max: 1_000 }),
    webhookPerEndpointLimit: read.integer('WEBHOOK_PER_ENDPOINT_LIMIT', 4, { min: 1, max: 100 }),
    webhookDisableEndpointAfterHours: read.integer('WEBHOOK_DISABLE_ENDPOINT_AFTER_HOURS', 120, { min: 1, max: 30 * 24 }),
  };
}

import { resolve } from 'node:path';
import { GatewaySettings, loadGatewaySettings } from '@pvs/api-gateway';
import { MatcherSettings, loadMatcherSettings } from '@pvs/matcher';
import { NotifierSettings, loadNotifierSettings } from '@pvs/notifier';
import { ConfigError, Env, EnvReader, listensOnLoopbackOnly, previousSecretsKeys, readMetricsToken } from '@pvs/runtime';

export interface EmbeddedConfig {
  readonly port: number;
  readonly host: string;
  /** Where PGlite and the local secrets live; null keeps everything in memory (tests). */
  readonly dataDir: string | null;
  /** A PostgreSQL server to use instead of PGlite, still in one process. */
  readonly databaseUrl: string | undefined;
  readonly adminToken: string | undefined;
  readonly secretsKey: Buffer | undefined;
  /** Keys that sealed webhook secrets before SECRETS_KEY: they open, never seal. */
  readonly previousSecretsKeys: readonly Buffer[];
  /** When set, GET /metrics asks for it as a bearer token. */
  readonly metricsToken: string | undefined;
  readonly gateway: GatewaySettings;
  readonly matcher: MatcherSettings;
  readonly notifier: NotifierSettings;
}

/** Reads and checks the environment; a bad value throws a ConfigError naming the variable. */
export function loadEmbeddedConfig(env: Env): EmbeddedConfig {
  const read = new EnvReader(env);
  const host = read.string('HOST', '127.0.0.1');
  return {
    port: read.integer('PORT', 3000, { min: 0, max: 65_535 }),
    host,
    dataDir: resolve(read.string('DATA_DIR', './.data')),
    databaseUrl: read.url('DATABASE_URL', ['postgres:', 'postgresql:']),
    adminToken: read.strongSecret('ADMIN_TOKEN'),
    secretsKey: secretsKeyFor(read, host),
    previousSecretsKeys: previousSecretsKeys(read),
    metricsToken: readMetricsToken(read),
    gateway: loadGatewaySettings(read, host),
    matcher: loadMatcherSettings(read),
    notifier: loadNotifierSettings(read),
  };
}

/**
 * SECRETS_KEY, which may be left out only on a loopback address: then one is generated into DATA_DIR, beside the data
 * it protects (and in every backup of it), which is fine for trying the service and not for serving others.
 */
function secretsKeyFor(read: EnvReader, host: string): Buffer | undefined {
  const key = read.base64Key('SECRETS_KEY', 32);
  if (!key && !listensOnLoopbackOnly(host)) {
    throw new ConfigError('SECRETS_KEY', 'is required when HOST is not a loopback address (openssl rand -base64 32), and must not be kept in DATA_DIR');
  }
  return key;
}

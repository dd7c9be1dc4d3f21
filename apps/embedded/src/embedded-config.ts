import { resolve } from 'node:path';
import { GatewaySettings, loadGatewaySettings } from '@pvs/api-gateway';
import { MatcherConfig, loadMatcherSettings } from '@pvs/matcher';
import { NotifierSettings, loadNotifierSettings } from '@pvs/notifier';
import { Env, EnvReader, readMetricsToken } from '@pvs/runtime';

export interface EmbeddedConfig {
  readonly port: number;
  readonly host: string;
  /** Where PGlite and the local secrets live; null keeps everything in memory (tests). */
  readonly dataDir: string | null;
  /** A PostgreSQL server to use instead of PGlite, still in one process. */
  readonly databaseUrl: string | undefined;
  readonly adminToken: string | undefined;
  readonly secretsKey: Buffer | undefined;
  /** When set, GET /metrics asks for it as a bearer token. */
  readonly metricsToken: string | undefined;
  readonly gateway: GatewaySettings;
  readonly matcher: MatcherConfig;
  readonly notifier: NotifierSettings;
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
    metricsToken: readMetricsToken(read),
    gateway: loadGatewaySettings(read),
    matcher: loadMatcherSettings(read),
    notifier: loadNotifierSettings(read),
  };
}

import { LOG_LEVELS, LogLevel } from '@pvs/observability';
import { ConfigError, EnvReader } from './env-reader';

/** LOG_LEVEL: how much every process logs (default info). */
export function readLogLevel(read: EnvReader): LogLevel {
  const level = read.string('LOG_LEVEL', 'info').toLowerCase();
  if (!(LOG_LEVELS as readonly string[]).includes(level)) throw new ConfigError('LOG_LEVEL', `must be one of ${LOG_LEVELS.join(', ')}, got "${level}"`);
  return level as LogLevel;
}

/** METRICS_TOKEN: when set, GET /metrics asks for it as a bearer token. */
export function readMetricsToken(read: EnvReader): string | undefined {
  return read.secret('METRICS_TOKEN', { minLength: 16 });
}

/** METRICS_PORT: where a worker process (matcher, projector, notifier) serves /metrics; none when unset. */
export function readMetricsPort(read: EnvReader): number | undefined {
  return read.optionalString('METRICS_PORT') === undefined ? undefined : read.integer('METRICS_PORT', 0, { min: 0, max: 65_535 });
}

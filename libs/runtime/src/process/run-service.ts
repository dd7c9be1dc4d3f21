import { Logger } from '@nestjs/common';
import { JsonLogger } from '@pvs/observability';
import { stopTracing } from '@pvs/observability/tracing';
import { ConfigError, EnvReader } from '../config/env-reader';
import { readLogLevel } from '../config/observability-settings';
import { PRIVATE_UMASK } from './private-files';

export interface StartedService {
  /** Lines to log once started. */
  readonly banner: readonly string[];
  close(): Promise<void>;
}

/**
 * Starts a service process with JSON logs on stdout (LOG_LEVEL): logs its banner, closes it
 * cleanly on SIGINT/SIGTERM, and turns a start-up failure into one log line (a bad setting names
 * its variable) and exit code 1. Every file it writes is private to its user. The spans still buffered are sent
 * before it exits.
 */
export function runService(service: string, start: (logger: JsonLogger) => Promise<StartedService>): void {
  process.umask(PRIVATE_UMASK);
  let logger: JsonLogger;
  try {
    logger = new JsonLogger({ service, level: readLogLevel(new EnvReader(process.env)) });
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  }
  Logger.overrideLogger(logger);
  const log = new Logger('Service');
  Promise.resolve(logger).then(start).then(
    (started) => {
      for (const line of started.banner) log.log(line);
      for (const signal of ['SIGINT', 'SIGTERM'] as const) {
        process.once(signal, () => {
          log.log(`${signal}: stopping`);
          started.close().then(stopTracing).then(
            () => process.exit(0),
            (error: unknown) => {
              log.error(error instanceof Error ? error.stack : String(error));
              process.exit(1);
            },
          );
        });
      }
    },
    (error: unknown) => {
      if (error instanceof ConfigError) log.fatal(error.message);
      else log.fatal(error instanceof Error ? error.stack : String(error));
      process.exit(1);
    },
  );
}

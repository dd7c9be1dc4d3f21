import { ConfigError } from '../config/env-reader';

export interface StartedService {
  /** Lines to print once started. */
  readonly banner: readonly string[];
  close(): Promise<void>;
}

/**
 * Starts a service process: prints its banner, closes it cleanly on SIGINT/SIGTERM, and turns a
 * start-up failure into a message (a bad setting names its variable) and exit code 1.
 */
export function runService(start: () => Promise<StartedService>): void {
  Promise.resolve().then(start).then(
    (service) => {
      for (const line of service.banner) process.stdout.write(`${line}\n`);
      for (const signal of ['SIGINT', 'SIGTERM'] as const) {
        process.once(signal, () => {
          service.close().then(
            () => process.exit(0),
            () => process.exit(1),
          );
        });
      }
    },
    (error: unknown) => {
      process.stderr.write(`${error instanceof ConfigError ? error.message : error instanceof Error ? error.stack : String(error)}\n`);
      process.exit(1);
    },
  );
}

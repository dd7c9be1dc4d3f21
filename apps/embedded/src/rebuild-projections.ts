import 'reflect-metadata';
import { join } from 'node:path';
import { PROJECTIONS, ProjectionRebuild } from '@pvs/projector';
import { ConfigError } from '@pvs/runtime';
import { openEmbeddedInfrastructure } from '@pvs/boot';
import { loadEmbeddedConfig } from './embedded-config';

/**
 * Replays the whole event log into every projection, each into copies of its tables swapped in at
 * the end; run it while the service is stopped (a running service rebuilds online through the admin API).
 */
async function main(): Promise<void> {
  const config = loadEmbeddedConfig(process.env);
  const infrastructure = await openEmbeddedInfrastructure(
    config.databaseUrl ? { postgresUrl: config.databaseUrl } : { pgliteDir: config.dataDir && join(config.dataDir, 'pglite') },
  );
  try {
    for (const projection of PROJECTIONS) {
      const started = performance.now();
      const result = await new ProjectionRebuild(projection, infrastructure.eventStore, infrastructure.readModel).run();
      const seconds = (performance.now() - started) / 1000;
      process.stdout.write(`Rebuilt projection ${projection.name}: ${result.eventsDone} events in ${seconds.toFixed(1)} s (${result.eventsPerSecond} events/s)\n`);
    }
  } finally {
    await infrastructure.close();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof ConfigError ? error.message : error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});

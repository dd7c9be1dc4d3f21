import 'reflect-metadata';
import { join } from 'node:path';
import { ProjectionRunner, paymentsProjection } from '@pvs/projector';
import { ConfigError, openEmbeddedInfrastructure } from '@pvs/runtime';
import { loadEmbeddedConfig } from './embedded-config';

/** Replays the whole event log into the read model; run it while the service is stopped. */
async function main(): Promise<void> {
  const config = loadEmbeddedConfig(process.env);
  const infrastructure = await openEmbeddedInfrastructure(
    config.databaseUrl ? { postgresUrl: config.databaseUrl } : { pgliteDir: config.dataDir && join(config.dataDir, 'pglite') },
  );
  try {
    const started = Date.now();
    const runner = new ProjectionRunner(paymentsProjection, infrastructure.eventStore, infrastructure.readModel);
    await runner.rebuild();
    await runner.stop();
    const [{ count }] = await infrastructure.readModel.query<{ count: number }>('SELECT count(*)::int AS count FROM rm_payments');
    process.stdout.write(`Rebuilt projection ${runner.name}: ${count} payments in ${Date.now() - started} ms\n`);
  } finally {
    await infrastructure.close();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof ConfigError ? error.message : error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});

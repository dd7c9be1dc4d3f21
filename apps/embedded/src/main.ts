import 'reflect-metadata';
import { ConfigError } from '@pvs/runtime';
import { loadEmbeddedConfig } from './embedded-config';
import { startEmbedded } from './start-embedded';

async function main(): Promise<void> {
  const config = loadEmbeddedConfig(process.env);
  const service = await startEmbedded(config);
  const storage = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.dataDir}`;
  process.stdout.write(`Payment verification service (embedded) on ${storage}\n`);
  process.stdout.write(`Listening on ${service.baseUrl}\n`);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      service.close().then(
        () => process.exit(0),
        () => process.exit(1),
      );
    });
  }
  if (service.generatedAdminToken) {
    process.stdout.write(
      `Admin token (shown once; only its hash is kept, in ${config.dataDir}/admin-token.sha256): ${service.generatedAdminToken}\n`,
    );
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof ConfigError ? error.message : error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});

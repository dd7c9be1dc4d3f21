import './tracing';
import 'reflect-metadata';
import { runService } from '@pvs/runtime';
import { loadEmbeddedConfig } from './embedded-config';
import { startEmbedded } from './start-embedded';

runService('embedded', async (logger) => {
  const config = loadEmbeddedConfig(process.env);
  const service = await startEmbedded(config, logger);
  const storage = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.dataDir}`;
  if (service.generatedAdminToken) {
    // To the operator's terminal, once; never a log line.
    process.stderr.write(`Admin token (shown once; only its hash is kept, in ${config.dataDir}/admin-token.sha256): ${service.generatedAdminToken}\n`);
  }
  return { banner: [`Payment verification service (embedded) on ${storage}`, `Listening on ${service.baseUrl}`], close: () => service.close() };
});

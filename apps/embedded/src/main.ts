import 'reflect-metadata';
import { runService } from '@pvs/runtime';
import { loadEmbeddedConfig } from './embedded-config';
import { startEmbedded } from './start-embedded';

runService(async () => {
  const config = loadEmbeddedConfig(process.env);
  const service = await startEmbedded(config);
  const storage = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.dataDir}`;
  const banner = [`Payment verification service (embedded) on ${storage}`, `Listening on ${service.baseUrl}`];
  if (service.generatedAdminToken) {
    banner.push(`Admin token (shown once; only its hash is kept, in ${config.dataDir}/admin-token.sha256): ${service.generatedAdminToken}`);
  }
  return { banner, close: () => service.close() };
});

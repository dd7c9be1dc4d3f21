import { join } from 'node:path';
import { NestFactory } from '@nestjs/core';
import { NestFastifyApplication } from '@nestjs/platform-fastify';
import { API_PREFIX, NEST_HTTP_OPTIONS, configureHttpServer, createHttpAdapter } from '@pvs/api-gateway';
import { JsonLogger, MetricsAccess } from '@pvs/observability';
import { Clock, keepPrivate, listensOnLoopbackOnly } from '@pvs/runtime';
import { openEmbeddedInfrastructure } from '@pvs/boot';
import { SecretBox } from '@pvs/tenants';
import { EmbeddedConfig } from './embedded-config';
import { EmbeddedModule } from './embedded.module';
import { adminTokenFor, secretsKeyFor } from './local-secrets';

export interface RunningService {
  readonly app: NestFastifyApplication;
  /** Ends in /api/v1. */
  readonly baseUrl: string;
  /** The admin token, when it was generated at this start. */
  readonly generatedAdminToken: string | undefined;
  close(): Promise<void>;
}

/**
 * Every log line of the service goes through `logger`. `clock` replaces the system clock (tests
 * that need payments registered on other days).
 */
export async function startEmbedded(config: EmbeddedConfig, logger: JsonLogger, overrides: { readonly clock?: Clock } = {}): Promise<RunningService> {
  if (config.dataDir) keepPrivate(config.dataDir);
  // Opening takes the database's lock: only its holder may write the data folder's secrets below.
  const infrastructure = await openEmbeddedInfrastructure(
    config.databaseUrl
      ? { postgresUrl: config.databaseUrl }
      : { pgliteDir: config.dataDir && join(config.dataDir, 'pglite') },
  );
  // PGlite unpacks its first files readable and writable by all (it sets their mode itself, past the umask).
  if (config.dataDir) keepPrivate(config.dataDir);
  try {
    const adminToken = adminTokenFor(config.adminToken, config.dataDir, listensOnLoopbackOnly(config.host));
    const secretBox = new SecretBox(secretsKeyFor(config.secretsKey, config.dataDir), config.previousSecretsKeys);
    const app = await NestFactory.create<NestFastifyApplication>(
      EmbeddedModule.register(
        overrides.clock ? { ...infrastructure, clock: overrides.clock } : infrastructure,
        { ...config.gateway, adminTokenHash: adminToken.hash, secretBox, metricsAccess: new MetricsAccess(config.metricsToken, { openWithoutToken: listensOnLoopbackOnly(config.host) }) },
        { ...config.matcher, secretBox },
        { ...config.notifier, secretBox },
      ),
      createHttpAdapter(config.gateway),
      { logger, ...NEST_HTTP_OPTIONS },
    );
    configureHttpServer(app);
    // The notifier's bus handlers, on the in-process transport.
    app.connectMicroservice({ strategy: infrastructure.bus.server }, { inheritAppConfig: true });
    // A module that refuses to start (a SECRETS_KEY that opens no stored secret) leaves the others started: stop them.
    const started = async () => {
      await app.startAllMicroservices();
      await app.listen(config.port, config.host);
    };
    await started().catch(async (error: unknown) => {
      await app.close();
      throw error;
    });
    const address = app.getHttpServer().address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    return {
      app,
      baseUrl: `http://${config.host}:${port}/${API_PREFIX}`,
      generatedAdminToken: adminToken.generated,
      async close() {
        try {
          await app.close();
        } finally {
          // Releases the database's lock too, even when the app did not close cleanly.
          await infrastructure.close();
        }
      },
    };
  } catch (error) {
    await infrastructure.close();
    throw error;
  }
}

import './tracing';
import 'reflect-metadata';
import { Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { NestFastifyApplication } from '@nestjs/platform-fastify';
import { MetricsAccess } from '@pvs/observability';
import { EnvReader, listensOnLoopbackOnly, loadDistributedServices, previousSecretsKeys, readMetricsToken, requiredAdminToken, requiredSecretsKey, runService } from '@pvs/runtime';
import { InfrastructureModule, openDistributedInfrastructure } from '@pvs/boot';
import { SecretBox, sha256 } from '@pvs/tenants';
import { ApiGatewayModule } from './api-gateway.module';
import { loadGatewaySettings } from './gateway-settings';
import { API_PREFIX, NEST_HTTP_OPTIONS, configureHttpServer, createHttpAdapter } from './http/http-server';

/** The API gateway as its own process (distributed mode). */
runService('api-gateway', async (logger) => {
  const read = new EnvReader(process.env);
  const services = loadDistributedServices(process.env, 'api-gateway');
  const port = read.integer('PORT', 3000, { min: 0, max: 65_535 });
  const host = read.string('HOST', '127.0.0.1');
  const config = {
    ...loadGatewaySettings(read, host),
    adminTokenHash: sha256(requiredAdminToken(read)),
    secretBox: new SecretBox(requiredSecretsKey(read), previousSecretsKeys(read)),
    metricsAccess: new MetricsAccess(readMetricsToken(read), { openWithoutToken: listensOnLoopbackOnly(host) }),
  };
  const infrastructure = await openDistributedInfrastructure(services);

  @Module({ imports: [InfrastructureModule.register(infrastructure), ApiGatewayModule.register(config)] })
  class GatewayProcessModule {}

  const app = await NestFactory.create<NestFastifyApplication>(GatewayProcessModule, createHttpAdapter(config), { logger, ...NEST_HTTP_OPTIONS });
  configureHttpServer(app);
  await app.listen(port, host);
  return {
    banner: [`api-gateway listening on http://${host}:${port}/${API_PREFIX}`],
    async close() {
      await app.close();
      await infrastructure.close();
    },
  };
});

import { DynamicModule, INestApplicationContext, Module, Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { JsonLogger, MetricsAccess, startMetricsServer } from '@pvs/observability';
import { openDistributedInfrastructure } from './distributed-infrastructure';
import { InfrastructureModule } from './infrastructure.module';
import { EnvReader, Infrastructure, listensOnLoopbackOnly, loadDistributedServices, readMetricsPort, readMetricsToken, StartedService } from '@pvs/runtime';

export interface WorkerOptions {
  /** The module has bus handlers (@EventPattern): the process runs as a Nest microservice on the bus transport. */
  readonly consumesBus?: boolean;
}

/**
 * A distributed process without HTTP API (matcher, projector, notifier): its module on the shared
 * services, logging through `logger`, and its /metrics on METRICS_PORT (HOST) when that is set.
 */
export async function startWorkerProcess(name: string, appModule: DynamicModule | Type<unknown>, logger: JsonLogger, options: WorkerOptions = {}): Promise<StartedService> {
  const read = new EnvReader(process.env);
  const metricsPort = readMetricsPort(read);
  const host = read.string('HOST', '127.0.0.1');
  const access = new MetricsAccess(readMetricsToken(read), { openWithoutToken: listensOnLoopbackOnly(host) });
  const infrastructure = await openDistributedInfrastructure(loadDistributedServices(process.env, name));

  @Module({ imports: [InfrastructureModule.register(infrastructure), appModule] })
  class WorkerProcessModule {}

  const app = options.consumesBus ? await startMicroservice(WorkerProcessModule, infrastructure, logger) : await NestFactory.createApplicationContext(WorkerProcessModule, { logger });
  await app.init();
  const metricsServer = metricsPort === undefined ? null : await startMetricsServer({ port: metricsPort, host, metrics: infrastructure.metrics, access });
  return {
    banner: [`${name} running`, ...(metricsServer ? [`${name} metrics on http://${host}:${metricsServer.port}/metrics`] : [])],
    async close() {
      await metricsServer?.close();
      await app.close();
      await infrastructure.close();
    },
  };
}

async function startMicroservice(module: Type<unknown>, infrastructure: Infrastructure, logger: JsonLogger): Promise<INestApplicationContext> {
  const microservice = await NestFactory.createMicroservice(module, { strategy: infrastructure.bus.server, logger });
  await microservice.listen();
  return microservice;
}

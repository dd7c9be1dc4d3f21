import { DynamicModule, Module, Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { loadDistributedServices } from '../config/distributed-config';
import { openDistributedInfrastructure } from '../distributed-infrastructure';
import { InfrastructureModule } from '../infrastructure.module';
import { StartedService } from './run-service';

/** A distributed process without HTTP (matcher, projector, notifier): its module on the shared services. */
export async function startWorkerProcess(name: string, appModule: DynamicModule | Type<unknown>): Promise<StartedService> {
  const infrastructure = await openDistributedInfrastructure(loadDistributedServices(process.env, name));

  @Module({ imports: [InfrastructureModule.register(infrastructure), appModule] })
  class WorkerProcessModule {}

  const app = await NestFactory.createApplicationContext(WorkerProcessModule, { logger: ['error', 'warn'] });
  await app.init();
  return {
    banner: [`${name} running`],
    async close() {
      await app.close();
      await infrastructure.close();
    },
  };
}

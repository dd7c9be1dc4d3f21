import { Inject, Logger, Module, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { EVENT_STORE, EventStore } from '@pvs/event-store';
import { Leadership, READ_MODEL_DATABASE } from '@pvs/runtime';
import { SqlClient } from '@pvs/sql';
import { paymentsProjection } from './payments/payments.projection';
import { smsProjection } from './sms/sms.projection';
import { ProjectionRunner } from './projections/projection-runner';

export const PROJECTION_RUNNERS = Symbol('PROJECTION_RUNNERS');
const PROJECTION_LEADERSHIPS = Symbol('PROJECTION_LEADERSHIPS');

/** Keeps the read model up to date from the event store. Needs InfrastructureModule. */
@Module({
  providers: [
    {
      provide: PROJECTION_RUNNERS,
      inject: [EVENT_STORE, READ_MODEL_DATABASE],
      useFactory: (events: EventStore, readModel: SqlClient) => {
        const logger = new Logger('Projector');
        const onError = (name: string, error: unknown) =>
          logger.error(`Projection ${name} failed; retrying: ${error instanceof Error ? error.message : String(error)}`);
        return [paymentsProjection, smsProjection].map((projection) => new ProjectionRunner(projection, events, readModel, { onError }));
      },
    },
    {
      // Several projector processes may run: each projection is fed by one of them at a time.
      provide: PROJECTION_LEADERSHIPS,
      inject: [PROJECTION_RUNNERS, READ_MODEL_DATABASE],
      useFactory: (runners: ProjectionRunner[], readModel: SqlClient) =>
        runners.map((runner) => new Leadership(readModel, `projection:${runner.name}`, runner)),
    },
  ],
  exports: [PROJECTION_RUNNERS],
})
export class ProjectorModule implements OnApplicationBootstrap, OnApplicationShutdown {
  constructor(@Inject(PROJECTION_LEADERSHIPS) private readonly leaderships: Leadership[]) {}

  async onApplicationBootstrap(): Promise<void> {
    await Promise.all(this.leaderships.map((leadership) => leadership.start()));
  }

  async onApplicationShutdown(): Promise<void> {
    await Promise.all(this.leaderships.map((leadership) => leadership.stop()));
  }
}

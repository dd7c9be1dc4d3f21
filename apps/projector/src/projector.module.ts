import { Inject, Logger, Module, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { APPEND_SIGNALS, AppendSignals, EVENT_STORE, EventStore } from '@pvs/event-store';
import { LeaderRole, Leadership, READ_MODEL_DATABASE } from '@pvs/runtime';
import { SqlClient } from '@pvs/sql';
import { tenantDailyProjection } from './dashboard/tenant-daily.projection';
import { paymentsProjection } from './payments/payments.projection';
import { Projection } from './projections/projection';
import { ProjectionRunner } from './projections/projection-runner';
import { RebuildRequests } from './rebuilds/rebuild-requests';
import { smsHourlyProjection } from './sms/sms-hourly.projection';
import { smsProjection } from './sms/sms.projection';
import { forwardersProjection } from './forwarders/forwarders.projection';
import { paymentLinksProjection } from './payment-links/payment-links.projection';
import { ledgersProjection } from './ledgers/ledgers.projection';
import { alertsProjection } from './alerts/alerts.projection';

export const PROJECTIONS: readonly Projection[] = [paymentsProjection, smsProjection, tenantDailyProjection, smsHourlyProjection, forwardersProjection, ledgersProjection, alertsProjection, paymentLinksProjection];
export const PROJECTION_RUNNERS = Symbol('PROJECTION_RUNNERS');
const PROJECTION_LEADERSHIPS = Symbol('PROJECTION_LEADERSHIPS');

/** What the process leading a projection runs: its live runner, and the rebuilds operators request. */
function projectionLeaderRole(runner: ProjectionRunner, requests: RebuildRequests): LeaderRole {
  return {
    async start() {
      await runner.start();
      await requests.start();
    },
    async stop() {
      await requests.stop();
      await runner.stop();
    },
  };
}

/** Keeps the read model up to date from the event store. Needs InfrastructureModule. */
@Module({
  providers: [
    {
      provide: PROJECTION_RUNNERS,
      inject: [EVENT_STORE, APPEND_SIGNALS, READ_MODEL_DATABASE],
      useFactory: (events: EventStore, signals: AppendSignals, readModel: SqlClient) =>
        PROJECTIONS.map((projection) => new ProjectionRunner(projection, events, signals, readModel, { onError: logFailure('failed; retrying') })),
    },
    {
      // Several projector processes may run: each projection is fed, and rebuilt, by one of them at a time.
      provide: PROJECTION_LEADERSHIPS,
      inject: [PROJECTION_RUNNERS, EVENT_STORE, APPEND_SIGNALS, READ_MODEL_DATABASE],
      useFactory: (runners: ProjectionRunner[], events: EventStore, signals: AppendSignals, readModel: SqlClient) =>
        runners.map((runner) => {
          const requests = new RebuildRequests(runner, events, signals, readModel, { onError: logFailure('rebuild failed') });
          return new Leadership(readModel, `projection:${runner.name}`, projectionLeaderRole(runner, requests));
        }),
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

const logger = new Logger('Projector');

function logFailure(what: string): (projection: string, error: unknown) => void {
  return (projection, error) => logger.error(`Projection ${projection} ${what}: ${error instanceof Error ? error.message : String(error)}`);
}

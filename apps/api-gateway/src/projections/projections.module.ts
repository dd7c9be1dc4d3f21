import { Module } from '@nestjs/common';
import { EVENT_STORE, EventStore } from '@pvs/event-store';
import { PROJECTION_STATUSES, ProjectionStatuses } from '@pvs/read-model';
import { CLOCK, Clock, READ_MODEL_DATABASE } from '@pvs/runtime';
import { SqlClient } from '@pvs/sql';
import { GatewaySharedModule } from '../gateway-shared.module';
import { ListProjectionsHttpController } from './list-projections/list-projections.http.controller';
import { RequestRebuildHandler } from './request-rebuild/request-rebuild.handler';
import { RequestRebuildHttpController } from './request-rebuild/request-rebuild.http.controller';

/** Operators see how far each projection stands and ask for rebuilds. Exports the statuses for the gateway's lag metric, and the rebuild requests (sealing old payer data asks for some). */
@Module({
  imports: [GatewaySharedModule],
  controllers: [ListProjectionsHttpController, RequestRebuildHttpController],
  providers: [
    {
      provide: PROJECTION_STATUSES,
      inject: [EVENT_STORE, READ_MODEL_DATABASE, CLOCK],
      useFactory: (events: EventStore, sql: SqlClient, clock: Clock) => new ProjectionStatuses(events, sql, () => clock.now()),
    },
    RequestRebuildHandler,
  ],
  exports: [PROJECTION_STATUSES, RequestRebuildHandler],
})
export class ProjectionsModule {}

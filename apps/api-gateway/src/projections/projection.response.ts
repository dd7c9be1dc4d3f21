import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import { ProjectionStatus, RebuildProgress, RebuildStatus } from '@pvs/read-model';
import { ChoiceProperty, CountProperty, DateTimeProperty, NumberProperty, TextProperty } from '@pvs/contracts/http';

const REBUILD_STATUSES: readonly RebuildStatus[] = ['requested', 'running', 'done', 'failed'];

/** A projection's online rebuild: replayed into fresh tables while the old ones serve. */
@ApiSchema({ name: 'ProjectionRebuild' })
export class ProjectionRebuildResponse {
  @ChoiceProperty(REBUILD_STATUSES) readonly status!: RebuildStatus;
  @CountProperty() readonly events_done!: number;
  @CountProperty({ description: 'the events of the log it had to replay when it started (0 until then)' }) readonly events_total!: number;
  @NumberProperty({ minimum: 0 }) readonly events_per_s!: number;
  @DateTimeProperty({ nullable: true }) readonly started_at!: string | null;
  @DateTimeProperty({ nullable: true }) readonly finished_at!: string | null;
  @TextProperty({ nullable: true }) readonly error!: string | null;

  static of(rebuild: RebuildProgress): ProjectionRebuildResponse {
    return {
      status: rebuild.status,
      events_done: rebuild.eventsDone,
      events_total: rebuild.eventsTotal,
      events_per_s: rebuild.eventsPerSecond,
      started_at: rebuild.startedAt?.toISOString() ?? null,
      finished_at: rebuild.finishedAt?.toISOString() ?? null,
      error: rebuild.error,
    };
  }
}

/** A projection's status as the admin API shows it: its checkpoint, how far it is behind the event log, its last rebuild. */
@ApiSchema({ name: 'Projection' })
export class ProjectionResponse {
  @TextProperty() readonly name!: string;
  @TextProperty({ nullable: true }) readonly checkpoint!: string | null;
  @CountProperty({ description: 'events in the log the projection has not applied yet' }) readonly lag_events!: number;
  @NumberProperty({ minimum: 0, description: 'age of the oldest event not applied yet' }) readonly lag_seconds!: number;
  @ApiProperty({ type: ProjectionRebuildResponse, nullable: true, description: 'the last online rebuild' }) readonly rebuild!: ProjectionRebuildResponse | null;

  static of(status: ProjectionStatus): ProjectionResponse {
    return {
      name: status.name,
      checkpoint: status.checkpoint,
      lag_events: status.lagEvents,
      lag_seconds: status.lagSeconds,
      rebuild: status.rebuild && ProjectionRebuildResponse.of(status.rebuild),
    };
  }
}

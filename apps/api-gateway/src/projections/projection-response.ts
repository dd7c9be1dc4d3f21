import { ProjectionStatus } from '@pvs/read-model';

/** A projection's status as the admin API shows it. */
export function projectionResponse(status: ProjectionStatus) {
  const { rebuild } = status;
  return {
    name: status.name,
    checkpoint: status.checkpoint,
    lag_events: status.lagEvents,
    lag_seconds: status.lagSeconds,
    rebuild: rebuild && {
      status: rebuild.status,
      events_done: rebuild.eventsDone,
      events_total: rebuild.eventsTotal,
      events_per_s: rebuild.eventsPerSecond,
      started_at: rebuild.startedAt?.toISOString() ?? null,
      finished_at: rebuild.finishedAt?.toISOString() ?? null,
      error: rebuild.error,
    },
  };
}

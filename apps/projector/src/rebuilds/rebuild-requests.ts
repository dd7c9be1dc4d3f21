import { PROJECTION_CATEGORY, PROJECTION_REBUILD_REQUESTED, projectionStream } from '@pvs/contracts';
import { AppendSignals, CatchUpSubscription, EventStore, RecordedEvent } from '@pvs/event-store';
import { REBUILD_INTERRUPTED, RebuildCounts } from '@pvs/read-model';
import { LeaderRole } from '@pvs/runtime';
import { SqlClient } from '@pvs/sql';
import { ProjectionRebuild } from '../projections/projection-rebuild';
import { ProjectionRunner } from '../projections/projection-runner';
import { RebuildRecords } from './rebuild-records';

export interface RebuildRequestsOptions {
  readonly pollIntervalMs?: number;
  /** At most one progress write per interval, so the rebuild is not slowed by its own reporting. */
  readonly progressIntervalMs?: number;
  readonly onError?: (projection: string, error: unknown) => void;
}

/**
 * Runs the rebuilds operators request (ProjectionRebuildRequested events) for one projection,
 * in the process leading it, and records their progress in `rm_projection_rebuilds`. A request
 * is handled once: its row exists from the start of its rebuild.
 */
export class RebuildRequests implements LeaderRole {
  private readonly rebuilds: RebuildRecords;
  private readonly subscription: CatchUpSubscription;
  private abort = new AbortController();

  constructor(
    private readonly live: ProjectionRunner,
    private readonly events: EventStore,
    signals: AppendSignals,
    private readonly sql: SqlClient,
    private readonly options: RebuildRequestsOptions = {},
  ) {
    this.rebuilds = new RebuildRecords(sql);
    this.subscription = new CatchUpSubscription(events, signals, {
      filter: { categories: [PROJECTION_CATEGORY], types: [PROJECTION_REBUILD_REQUESTED] },
      // Requests are few: each start reads them all and skips those with a row.
      loadCheckpoint: async () => null,
      handle: (requests) => this.handle(requests),
      pollIntervalMs: options.pollIntervalMs,
      onError: (error) => options.onError?.(live.name, error),
    });
  }

  async start(): Promise<void> {
    this.abort = new AbortController();
    // No other process runs this projection's rebuilds while this one leads it.
    await this.rebuilds.failInterrupted(this.live.name, new Date());
    await this.subscription.start();
  }

  async stop(): Promise<void> {
    this.abort.abort();
    await this.subscription.stop();
  }

  private async handle(requests: readonly RecordedEvent[]): Promise<void> {
    for (const request of requests) {
      if (request.streamName !== projectionStream(this.live.name)) continue;
      if (await this.rebuilds.find(request.id)) continue;
      await this.rebuilds.begin(request.id, this.live.name, new Date());
      await this.run(request.id);
    }
  }

  private async run(requestId: string): Promise<void> {
    let counts: RebuildCounts = { eventsDone: 0, eventsTotal: 0, eventsPerSecond: 0 };
    let savedAt = 0;
    const progressIntervalMs = this.options.progressIntervalMs ?? 500;
    const rebuild = new ProjectionRebuild(this.live.projection, this.events, this.sql, {
      live: this.live,
      signal: this.abort.signal,
      onProgress: async (progress) => {
        counts = progress;
        if (performance.now() - savedAt < progressIntervalMs) return;
        savedAt = performance.now();
        await this.rebuilds.progress(requestId, progress);
      },
    });
    let failure: string | null = null;
    try {
      counts = await rebuild.run();
    } catch (error) {
      failure = this.abort.signal.aborted ? REBUILD_INTERRUPTED : error instanceof Error ? error.message : String(error);
      this.options.onError?.(this.live.name, error);
    }
    // If this write fails (the connection went with the leadership), the next leader marks the rebuild interrupted.
    await this.rebuilds.finish(requestId, counts, new Date(), failure);
  }
}

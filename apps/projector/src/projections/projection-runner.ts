import { CatchUpSubscription, EventStore } from '@pvs/event-store';
import { loadProjectionCheckpoint, storeProjectionCheckpoint } from '@pvs/read-model';
import { SqlClient } from '@pvs/sql';
import { Projection } from './projection';

export interface ProjectionRunnerOptions {
  readonly pollIntervalMs?: number;
  readonly onError?: (projection: string, error: unknown) => void;
}

/**
 * Feeds one projection from the event store. Each batch and its checkpoint commit in one
 * read-model transaction, so a crash never applies a batch twice or loses one.
 */
export class ProjectionRunner {
  private subscription: CatchUpSubscription;

  constructor(
    private readonly projection: Projection,
    private readonly events: EventStore,
    private readonly readModel: SqlClient,
    private readonly options: ProjectionRunnerOptions = {},
  ) {
    this.subscription = this.subscribe();
  }

  get name(): string {
    return this.projection.name;
  }

  start(): Promise<void> {
    return this.subscription.start();
  }

  stop(): Promise<void> {
    return this.subscription.stop();
  }

  catchUp(): Promise<void> {
    return this.subscription.catchUp();
  }

  waitFor(checkpoint: string, timeoutMs: number): Promise<boolean> {
    return this.subscription.waitFor(checkpoint, timeoutMs);
  }

  /** Empties the projection and replays the whole log into it. */
  async rebuild(): Promise<void> {
    await this.subscription.stop();
    await this.readModel.transaction(async (tx) => {
      await this.projection.reset(tx);
      await storeProjectionCheckpoint(tx, this.projection.name, null);
    });
    this.subscription = this.subscribe();
    await this.subscription.catchUp();
    await this.subscription.start();
  }

  private subscribe(): CatchUpSubscription {
    const { projection, readModel } = this;
    return new CatchUpSubscription(this.events, {
      filter: projection.filter,
      pollIntervalMs: this.options.pollIntervalMs,
      loadCheckpoint: () => loadProjectionCheckpoint(readModel, projection.name),
      handle: (events) =>
        readModel.transaction(async (tx) => {
          await projection.apply(tx, events);
          await storeProjectionCheckpoint(tx, projection.name, events[events.length - 1].checkpoint);
        }),
      onError: (error) => this.options.onError?.(projection.name, error),
    });
  }
}

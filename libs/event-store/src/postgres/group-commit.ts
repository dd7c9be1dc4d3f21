import { AppendResult, StreamAppend } from '../event-store.port';
import { AppendOutcome } from './append-to-streams';

interface QueuedAppend {
  readonly append: StreamAppend;
  readonly resolve: (result: AppendResult) => void;
  readonly reject: (error: unknown) => void;
}

/**
 * Group commit: appends made in the same turn of the event loop, or while the commits allowed in
 * flight are busy, are committed together, in arrival order. Nothing waits for a timer: an append
 * alone is committed in the next turn, and under load each commit carries many appends. A stream
 * is in one commit at a time: a second append to it waits for the next group, behind the first.
 */
export class GroupCommit {
  private queue: QueuedAppend[] = [];
  private readonly streamsInFlight = new Set<string>();
  private commitsInFlight = 0;
  private startScheduled = false;

  constructor(
    private readonly commit: (appends: readonly StreamAppend[]) => Promise<AppendOutcome[]>,
    private readonly maxCommitsInFlight = 1,
    private readonly maxGroupSize = 200,
  ) {}

  append(append: StreamAppend): Promise<AppendResult> {
    return new Promise((resolve, reject) => {
      this.queue.push({ append, resolve, reject });
      this.scheduleStart();
    });
  }

  /** After this turn of the event loop: appends that requests reach in the same turn go together. */
  private scheduleStart(): void {
    if (this.startScheduled || this.commitsInFlight >= this.maxCommitsInFlight || this.queue.length === 0) return;
    this.startScheduled = true;
    setImmediate(() => {
      this.startScheduled = false;
      while (this.commitsInFlight < this.maxCommitsInFlight) {
        const group = this.takeGroup();
        if (group.length === 0) break;
        void this.commitGroup(group);
      }
    });
  }

  private async commitGroup(group: QueuedAppend[]): Promise<void> {
    this.commitsInFlight++;
    for (const queued of group) this.streamsInFlight.add(queued.append.streamName);
    let outcomes: AppendOutcome[];
    try {
      outcomes = await this.commit(group.map((queued) => queued.append));
    } catch (failed) {
      outcomes = group.map(() => ({ failed }));
    }
    this.commitsInFlight--;
    for (const queued of group) this.streamsInFlight.delete(queued.append.streamName);
    group.forEach((queued, i) => {
      const outcome = outcomes[i];
      if ('appended' in outcome) queued.resolve(outcome.appended);
      else queued.reject(outcome.failed);
    });
    this.scheduleStart();
  }

  private takeGroup(): QueuedAppend[] {
    const group: QueuedAppend[] = [];
    const streams = new Set<string>();
    const later: QueuedAppend[] = [];
    for (const queued of this.queue) {
      const { streamName } = queued.append;
      if (group.length < this.maxGroupSize && !streams.has(streamName) && !this.streamsInFlight.has(streamName)) {
        group.push(queued);
        streams.add(streamName);
      } else {
        later.push(queued);
      }
    }
    this.queue = later;
    return group;
  }
}

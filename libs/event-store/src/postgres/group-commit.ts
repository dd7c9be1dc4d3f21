import { AppendResult } from '../event-store.port';
import { AppendOutcome, StreamAppend } from './append-to-streams';

interface QueuedAppend {
  readonly append: StreamAppend;
  readonly resolve: (result: AppendResult) => void;
  readonly reject: (error: unknown) => void;
}

/**
 * Group commit: appends made in the same turn of the event loop, or while a commit is in flight,
 * are committed together, in arrival order. Nothing waits for a timer: an append alone is committed
 * in the next turn, and under load each commit carries many appends. A stream appears
 * at most once in a group: a second append to it waits for the next group, behind the first.
 */
export class GroupCommit {
  private queue: QueuedAppend[] = [];
  private committing = false;

  constructor(
    private readonly commit: (appends: readonly StreamAppend[]) => Promise<AppendOutcome[]>,
    private readonly maxGroupSize = 200,
  ) {}

  append(append: StreamAppend): Promise<AppendResult> {
    return new Promise((resolve, reject) => {
      this.queue.push({ append, resolve, reject });
      if (this.committing) return;
      this.committing = true;
      // After this turn of the event loop: appends that requests reach in the same turn go together.
      setImmediate(() => void this.commitQueued());
    });
  }

  private async commitQueued(): Promise<void> {
    while (this.queue.length > 0) {
      const group = this.takeGroup();
      let outcomes: AppendOutcome[];
      try {
        outcomes = await this.commit(group.map((queued) => queued.append));
      } catch (failed) {
        outcomes = group.map(() => ({ failed }));
      }
      group.forEach((queued, i) => {
        const outcome = outcomes[i];
        if ('appended' in outcome) queued.resolve(outcome.appended);
        else queued.reject(outcome.failed);
      });
    }
    this.committing = false;
  }

  private takeGroup(): QueuedAppend[] {
    const group: QueuedAppend[] = [];
    const streams = new Set<string>();
    const later: QueuedAppend[] = [];
    for (const queued of this.queue) {
      if (group.length < this.maxGroupSize && !streams.has(queued.append.streamName)) {
        group.push(queued);
        streams.add(queued.append.streamName);
      } else {
        later.push(queued);
      }
    }
    this.queue = later;
    return group;
  }
}

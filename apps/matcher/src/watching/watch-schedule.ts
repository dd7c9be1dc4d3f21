import { Checkpoint, CommandResult } from '@pvs/event-store';
import { Event } from '@pvs/contracts';
import { ProjectionDefinition, ReadModelPosition } from '@pvs/read-model';
import { Clock } from '@pvs/runtime';
import { PeriodicJob } from '../leading/periodic-job';

/** A read model further behind than this would show what has happened as not yet happened: a watch waits for it. */
export const MAX_LAG_SECONDS = 5;
/** How long a watch waits for the read model to show what the watches before it recorded in the same round. */
const CATCH_UP_WAIT_MS = 5_000;

/** What a watch's round recorded: how many alerts, and where the last of them stands in the log (null: none). */
export interface WatchRound {
  readonly raised: number;
  readonly checkpoint: Checkpoint | null;
}

export const NOTHING_RAISED: WatchRound = { raised: 0, checkpoint: null };

/** What one command of a watch recorded. */
export function roundOf<State, E extends Event>(result: CommandResult<State, E>): WatchRound {
  return result.ok && result.events.length > 0 ? { raised: result.events.length, checkpoint: result.checkpoint } : NOTHING_RAISED;
}

/** Two rounds' results as one: the alerts of both, the later checkpoint (checkpoints of one store order as plain strings). */
export function latestOf(a: WatchRound, b: WatchRound): WatchRound {
  const checkpoint = a.checkpoint === null || (b.checkpoint !== null && b.checkpoint > a.checkpoint) ? b.checkpoint : a.checkpoint;
  return { raised: a.raised + b.raised, checkpoint };
}

/** A detector driven by the read model: the projections it reads, and one round of looking. */
export interface Watch {
  readonly reads: readonly ProjectionDefinition[];
  /** Looks as of `now`, the round's one time. */
  round(now: Date): Promise<WatchRound>;
}

/**
 * The watches' rounds: every `intervalMs`, one round at a time, each watch in order — phones, then ledgers, then
 * stalled payments, whose likeliest reasons are the silences and gaps the watches before found. A watch waits until
 * the read model it reads shows what the watches before it recorded in the round (a stall is not put down to
 * nothing known while its phone's silence is on its way), and the round ends at a watch whose read model is more
 * than a few seconds behind the log (a stalled projector would make every phone look quiet and every break unreported).
 */
export class WatchSchedule extends PeriodicJob<number> {
  constructor(
    private readonly watches: readonly Watch[],
    intervalMs: number,
    private readonly position: Pick<ReadModelPosition, 'lagSeconds' | 'waitFor'>,
    private readonly clock: Clock,
    onError: (error: unknown) => void,
  ) {
    super(intervalMs, onError);
  }

  /** One round; answers how many alerts it raised. */
  protected async once(): Promise<number> {
    // One time for the whole round: each watch judges as of the moment the ones before it judged.
    const now = this.clock.now();
    let done = NOTHING_RAISED;
    for (const watch of this.watches) {
      // A watch whose read model is not ready ends the round: the watches after it build on what it would find.
      if (done.checkpoint !== null && !(await this.position.waitFor(watch.reads, done.checkpoint, CATCH_UP_WAIT_MS))) break;
      if ((await this.position.lagSeconds(watch.reads)) > MAX_LAG_SECONDS) break;
      try {
        done = latestOf(done, await watch.round(now));
      } catch (error) {
        this.onError(error);
      }
    }
    return done.raised;
  }
}

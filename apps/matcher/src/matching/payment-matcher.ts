import { isPaymentIntentRegistered } from '@pvs/contracts';
import { EventStore, ExpectedVersionConflictError, RecordedEvent, UnitOfWork } from '@pvs/event-store';
import { Clock } from '@pvs/runtime';
import { MatchOutcomes } from './match-outcomes';
import { MatchingRun } from './matching-run';
import { MatchingStreams } from './matching-streams';
import { OpenPayments } from './open-payments';

/** Whole-batch attempts before its events are decided one at a time, and attempts for each of those. */
const BATCH_ATTEMPTS = 3;
const EVENT_ATTEMPTS = 8;

/**
 * Matches a batch of parsed SMS and intents at a time, decided together in one unit of work: the streams read
 * ahead in two round trips, the rules run in memory, every append committed in one transaction. When another
 * writer changed one of the batch's streams meanwhile the commit is refused whole and the batch decided again
 * on what is recorded then; a batch refused that often is decided an event at a time, so one busy stream does
 * not hold the rest back. An event still refused fails the batch, which the subscription hands over again.
 */
export class PaymentMatcher {
  constructor(
    private readonly events: EventStore,
    private readonly open: OpenPayments,
    private readonly clock: Clock,
    private readonly outcomes: MatchOutcomes,
  ) {}

  async handleBatch(batch: readonly RecordedEvent[]): Promise<void> {
    await this.open.opened(batch.filter(isPaymentIntentRegistered));
    const awaited = (await this.inOneUnit((run) => run.match(batch), BATCH_ATTEMPTS)) ?? (await this.oneAtATime(batch));
    if (awaited.length > 0) await this.settled('the awaited intents', (run) => run.decideAwaited(awaited));
  }

  private async oneAtATime(batch: readonly RecordedEvent[]): Promise<string[]> {
    const awaited: string[] = [];
    for (const event of batch) awaited.push(...(await this.settled(`event ${event.id}`, (run) => run.match([event]))));
    return awaited;
  }

  private async settled(what: string, work: (run: MatchingRun) => Promise<void>): Promise<readonly string[]> {
    const awaited = await this.inOneUnit(work, EVENT_ATTEMPTS);
    if (awaited === null) throw new Error(`The streams of ${what} kept changing while it was matched`);
    return awaited;
  }

  /**
   * Runs the work in a unit and commits it; answers the payments it made SMS wait for, or null when every
   * attempt met a stream changed meanwhile.
   */
  private async inOneUnit(work: (run: MatchingRun) => Promise<void>, attempts: number): Promise<readonly string[] | null> {
    for (let attempt = 1; attempt <= attempts; attempt++) {
      const unit = new UnitOfWork(this.events);
      const run = new MatchingRun(new MatchingStreams(unit), this.open, this.clock, this.outcomes);
      await work(run);
      try {
        await unit.commit();
      } catch (error) {
        if (error instanceof ExpectedVersionConflictError) continue;
        throw error;
      }
      run.report();
      await this.open.forget(run.closedPayments);
      return run.awaitedIntents;
    }
    return null;
  }
}

import { paymentStream } from '@pvs/contracts';
import { paymentDecider } from '@pvs/domain';
import { EventStore, aggregateStream, handleCommand } from '@pvs/event-store';
import { Clock } from '@pvs/runtime';
import { PeriodicJob } from '../leading/periodic-job';
import { MatchOutcomes } from '../matching/match-outcomes';
import { OpenPayments } from '../matching/open-payments';

const BATCH = 200;

/**
 * Fails pending payments past their expiry. Driven by stored state (the matcher's open payments list the
 * candidates, each payment's stream decides), so expiries survive restarts; a payment past its expiry leaves the
 * open payments once it is no longer pending (expired now, or decided before).
 */
export class ExpirySweeper extends PeriodicJob<number> {
  constructor(
    private readonly events: EventStore,
    private readonly open: OpenPayments,
    private readonly clock: Clock,
    intervalMs: number,
    private readonly outcomes: MatchOutcomes,
    onError: (error: unknown) => void = () => undefined,
  ) {
    super(intervalMs, onError);
  }

  /** Expires what is due now; answers how many payments it failed. */
  protected async once(): Promise<number> {
    const now = this.clock.now();
    let expired = 0;
    const done: string[] = [];
    for (const paymentId of await this.open.expiredAt(now, BATCH)) {
      const payment = await aggregateStream(this.events, paymentStream(paymentId), paymentDecider);
      const [registered] = payment.events;
      if (!registered) continue;
      if (payment.state?.status !== 'pending') {
        done.push(paymentId);
        continue;
      }
      // The registration's correlation id: the expiry webhook can be traced to the request that made the intent.
      const metadata = { tenantId: payment.state?.tenantId, correlationId: registered.metadata.correlationId, causationId: registered.id };
      const expiry = await handleCommand(this.events, paymentStream(paymentId), paymentDecider, { type: 'Expire', now }, { metadata, known: payment });
      if (!expiry.ok) continue; // kept changing: the next sweep sees it
      for (const event of expiry.events) this.outcomes.decided(event, metadata);
      expired += expiry.events.length;
      done.push(paymentId);
    }
    await this.open.forget(done);
    return expired;
  }
}

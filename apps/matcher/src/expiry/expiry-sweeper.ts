import { PAYMENT_EXPIRED, PaymentExpiredData, paymentStream } from '@pvs/contracts';
import { EventStore, ExpectedVersionConflictError } from '@pvs/event-store';
import { foldPayment } from '@pvs/payments';
import { PendingPayments } from '@pvs/read-model';
import { Clock } from '@pvs/runtime';
import { MatchOutcomes } from '../matching/match-outcomes';

const BATCH = 200;

/**
 * Fails pending payments past their expiry. Driven by stored state (the read model lists the
 * candidates, each payment's stream decides), so expiries survive restarts.
 */
export class ExpirySweeper {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<number> | null = null;

  constructor(
    private readonly events: EventStore,
    private readonly pending: PendingPayments,
    private readonly clock: Clock,
    private readonly intervalMs: number,
    private readonly outcomes: MatchOutcomes,
    private readonly onError: (error: unknown) => void = () => undefined,
  ) {}

  start(): void {
    this.timer ??= setInterval(() => void this.sweep().catch(this.onError), this.intervalMs);
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running?.catch(() => undefined);
  }

  /** Expires what is due now; returns how many payments it failed. One sweep at a time. */
  sweep(): Promise<number> {
    this.running ??= this.expireDue().finally(() => (this.running = null));
    return this.running;
  }

  private async expireDue(): Promise<number> {
    const now = this.clock.now();
    let expired = 0;
    for (const paymentId of await this.pending.expiredAt(now, BATCH)) {
      const history = await this.events.readStream(paymentStream(paymentId));
      const payment = foldPayment(history);
      if (!payment || payment.status !== 'pending' || payment.expiresAt > now.toISOString()) continue;
      const expiry = { type: PAYMENT_EXPIRED, data: { paymentId, expiredAt: payment.expiresAt } satisfies PaymentExpiredData };
      // The registration's correlation id: the expiry webhook can be traced to the request that made the intent.
      const [registered] = history;
      const metadata = { tenantId: payment.tenantId, correlationId: registered.metadata.correlationId, causationId: registered.id };
      try {
        await this.events.append(paymentStream(paymentId), [{ ...expiry, metadata }], history[history.length - 1].streamVersion);
      } catch (error) {
        if (!(error instanceof ExpectedVersionConflictError)) throw error; // decided meanwhile: nothing to expire
        continue;
      }
      this.outcomes.decided(expiry, metadata);
      expired++;
    }
    return expired;
  }
}

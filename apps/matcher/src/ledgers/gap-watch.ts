import { randomUUID } from 'node:crypto';
import { Gateway, ledgerStream } from '@pvs/contracts';
import { LedgerGap, dueGaps, ledgerDecider } from '@pvs/domain';
import { EventStore, aggregateStream, handleCommand } from '@pvs/event-store';
import { UnsettledLedger, UnsettledLedgers } from '@pvs/read-model';
import { Clock } from '@pvs/runtime';
import { WatchRounds } from '../watching/watch-rounds';

const BATCH = 500;

/**
 * Reports `SmsGapSuspected` for each ledger break that has lasted `settleMs` (time for an SMS on its way, out of
 * order, to arrive and explain it), with the tenant's pending payments a missing credit may be. Driven by stored
 * state: the read model lists the ledgers with a break unreported since before then (an index range), each ledger's
 * stream decides, once per gap, so a restart reports nothing twice.
 */
export class GapWatch {
  private readonly rounds: WatchRounds;

  constructor(
    private readonly events: EventStore,
    private readonly unsettled: UnsettledLedgers,
    private readonly clock: Clock,
    private readonly settleMs: number,
    intervalMs: number,
    /** How far behind the log the ledgers and payments projections are, in seconds (the larger). */
    projectionLagSeconds: () => Promise<number>,
    onError: (error: unknown) => void = () => undefined,
  ) {
    this.rounds = new WatchRounds(() => this.reportDue(), intervalMs, projectionLagSeconds, onError);
  }

  start(): void {
    this.rounds.start();
  }

  stop(): Promise<void> {
    return this.rounds.stop();
  }

  /** Reports what is due now; answers how many gaps it reported. One round at a time. */
  watch(): Promise<number> {
    return this.rounds.run();
  }

  private async reportDue(): Promise<number> {
    const now = this.clock.now();
    const before = new Date(now.getTime() - this.settleMs);
    const correlationId = randomUUID();
    let reported = 0;
    for (let page = await this.unsettled.since(before, BATCH); page.length > 0; page = page.length < BATCH ? [] : await this.unsettled.since(before, BATCH, page.at(-1))) {
      for (const ledger of page) reported += await this.report(ledger, now, correlationId);
    }
    return reported;
  }

  private async report({ accountKey, tenantId }: UnsettledLedger, now: Date, correlationId: string): Promise<number> {
    const stream = ledgerStream(accountKey);
    const { state, version } = await aggregateStream(this.events, stream, ledgerDecider);
    const due = dueGaps(state, now, this.settleMs);
    if (due.length === 0 || !state.account) return 0;
    const { gateway } = state.account;
    const candidates = new Map(await Promise.all(due.map(async (gap) => [gap.gapId, await this.candidates(tenantId, gateway, gap)] as const)));
    const command = { type: 'Report', candidates, settleMs: this.settleMs, now } as const;
    const result = await handleCommand(this.events, stream, ledgerDecider, command, { metadata: { tenantId, correlationId }, known: { state, version } });
    return result.ok ? result.events.length : 0;
  }

  /** The payments a missing credit may be; a missing debit is no payment. */
  private candidates(tenantId: string, gateway: Gateway, gap: LedgerGap): Promise<string[]> {
    return gap.direction === 'credit' ? this.unsettled.candidates(tenantId, gateway, gap.amountPaisa, new Date(gap.before.at)) : Promise.resolve([]);
  }
}

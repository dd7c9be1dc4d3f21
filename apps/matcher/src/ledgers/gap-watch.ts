import { randomUUID } from 'node:crypto';
import { Gateway, ledgerStream } from '@pvs/contracts';
import { LedgerGap, dueGaps, ledgerDecider } from '@pvs/domain';
import { EventStore, aggregateStream, handleCommand } from '@pvs/event-store';
import { LEDGERS_PROJECTION, PAYMENTS_PROJECTION, UnsettledLedger, UnsettledLedgers } from '@pvs/read-model';
import { NOTHING_RAISED, Watch, WatchRound, latestOf, roundOf } from '../watching/watch-schedule';

const BATCH = 500;

/**
 * Reports `SmsGapSuspected` for each ledger break that has lasted `settleMs` (time for an SMS on its way, out of
 * order, to arrive and explain it), with the tenant's pending payments a missing credit may be. Driven by stored
 * state: the read model lists the ledgers with a break unreported since before then (an index range), each ledger's
 * stream decides, once per gap, so a restart reports nothing twice.
 */
export class GapWatch implements Watch {
  readonly reads = [LEDGERS_PROJECTION, PAYMENTS_PROJECTION];

  constructor(
    private readonly events: EventStore,
    private readonly unsettled: UnsettledLedgers,
    private readonly settleMs: number,
  ) {}

  /** Reports the gaps due now. */
  async round(now: Date): Promise<WatchRound> {
    const before = new Date(now.getTime() - this.settleMs);
    const correlationId = randomUUID();
    let result = NOTHING_RAISED;
    for (let page = await this.unsettled.since(before, BATCH); page.length > 0; page = page.length < BATCH ? [] : await this.unsettled.since(before, BATCH, page.at(-1))) {
      for (const ledger of page) result = latestOf(result, await this.report(ledger, now, correlationId));
    }
    return result;
  }

  private async report({ accountKey, tenantId }: UnsettledLedger, now: Date, correlationId: string): Promise<WatchRound> {
    const stream = ledgerStream(accountKey);
    const { state, version } = await aggregateStream(this.events, stream, ledgerDecider);
    const due = dueGaps(state, now, this.settleMs);
    if (due.length === 0 || !state.account) return NOTHING_RAISED;
    const { gateway } = state.account;
    const candidates = new Map(await Promise.all(due.map(async (gap) => [gap.gapId, await this.candidates(tenantId, gateway, gap)] as const)));
    const command = { type: 'Report', candidates, settleMs: this.settleMs, now } as const;
    const result = await handleCommand(this.events, stream, ledgerDecider, command, { metadata: { tenantId, correlationId }, known: { state, version } });
    return roundOf(result);
  }

  /** The payments a missing credit may be; a missing debit is no payment. */
  private candidates(tenantId: string, gateway: Gateway, gap: LedgerGap): Promise<string[]> {
    return gap.direction === 'credit' ? this.unsettled.candidates(tenantId, gateway, gap.amountPaisa, new Date(gap.before.at)) : Promise.resolve([]);
  }
}

import {
  BALANCE_STATED,
  BalanceStatement,
  LedgerAccount,
  LedgerEvent,
  SMS_GAP_FILLED,
  SMS_GAP_SUSPECTED,
  SmsGapFilled,
  SmsGapSuspected,
  isLedgerEvent,
} from '@pvs/contracts';
import { Decider, Decision, accept } from '../decider';
import { gapIdFor } from '../ids/payment-id';
import { LedgerBreak, byTime, ledgerBreaks, ledgerOrder } from './ledger-order';

/** The statements a ledger keeps: breaks further back are settled (reported or not) and no late SMS is awaited there. */
export const LEDGER_KEPT = 100;

/** A gap reported and not yet explained, by its ends. */
export interface ReportedGap {
  readonly gapId: string;
  readonly afterSmsId: string;
  readonly beforeSmsId: string;
}

export interface LedgerState {
  readonly account: LedgerAccount | null;
  /** The last `LEDGER_KEPT` statements, in `byTime` order. */
  readonly statements: readonly BalanceStatement[];
  readonly reported: readonly ReportedGap[];
}

/** A break of the ledger, named. */
export interface LedgerGap extends LedgerBreak {
  readonly gapId: string;
}

export type LedgerCommand =
  | { readonly type: 'State'; readonly account: LedgerAccount; readonly statement: BalanceStatement; readonly now: Date }
  /** The watch found breaks due; `candidates` are the pending payments it found for each (by gap id). */
  | { readonly type: 'Report'; readonly candidates: ReadonlyMap<string, readonly string[]>; readonly settleMs: number; readonly now: Date };

const EMPTY: LedgerState = { account: null, statements: [], reported: [] };

/** The ledger's breaks now, each named. */
export function ledgerGaps(ledger: LedgerState): LedgerGap[] {
  const accountKey = ledger.account?.accountKey ?? '';
  return ledgerBreaks(ledgerOrder(ledger.statements)).map((gap) => ({ ...gap, gapId: gapIdFor(accountKey, gap.after.smsId, gap.before.smsId) }));
}

/** The breaks not yet reported whose settling time is over at `now`: what the watch reports. */
export function dueGaps(ledger: LedgerState, now: Date, settleMs: number): LedgerGap[] {
  const reported = new Set(ledger.reported.map((gap) => gap.gapId));
  return ledgerGaps(ledger).filter((gap) => !reported.has(gap.gapId) && Date.parse(gap.revealedAt) + settleMs <= now.getTime());
}

/** Since when the ledger has a break not yet reported; null when every break is. */
function unsettledSince(gaps: readonly LedgerGap[], reported: ReadonlySet<string>): string | null {
  const times = gaps.filter((gap) => !reported.has(gap.gapId)).map((gap) => gap.revealedAt);
  return times.length === 0 ? null : times.reduce((a, b) => (a < b ? a : b));
}

/**
 * One receiving account's ledger, as its SMS state it. Every credit and debit stating a balance is a statement, once;
 * between two statements in money order the balance must move by what the later one says, or an SMS is missing. A
 * break is not reported at once, since the SMS either side of it may be on its way, out of order: the watch reports it
 * when it has lasted `settleMs`, with the pending payments it may be. A statement that explains a reported break
 * fills it.
 */
export function decideLedger(command: LedgerCommand, ledger: LedgerState): Decision<LedgerEvent> {
  switch (command.type) {
    case 'State': {
      const { account, statement, now } = command;
      if (ledger.statements.some((stated) => stated.smsId === statement.smsId)) return accept();
      const next = evolveLedger(ledger, { type: BALANCE_STATED, data: { ...account, ...statement, unsettledSince: null } });
      const gaps = ledgerGaps(next);
      const standing = new Set(gaps.map((gap) => gap.gapId));
      const filled = ledger.reported.filter((gap) => !standing.has(gap.gapId));
      const stillReported = new Set(ledger.reported.filter((gap) => standing.has(gap.gapId)).map((gap) => gap.gapId));
      const fills = filled.map(
        ({ gapId }): SmsGapFilled => ({ type: SMS_GAP_FILLED, data: { gapId, accountKey: account.accountKey, tenantId: account.tenantId, smsId: statement.smsId, filledAt: now.toISOString() } }),
      );
      return accept<LedgerEvent>({ type: BALANCE_STATED, data: { ...account, ...statement, unsettledSince: unsettledSince(gaps, stillReported) } }, ...fills);
    }
    case 'Report': {
      const { account } = ledger;
      if (!account) return accept();
      const gaps = ledgerGaps(ledger);
      const reported = new Set(ledger.reported.map((gap) => gap.gapId));
      // Only the gaps the watch looked up candidates for: one it did not is left for its next round.
      return accept(
        ...dueGaps(ledger, command.now, command.settleMs).flatMap((gap): SmsGapSuspected[] => {
          const candidatePaymentIds = command.candidates.get(gap.gapId);
          if (!candidatePaymentIds) return [];
          reported.add(gap.gapId);
          const { gapId, direction, amountPaisa, after, before } = gap;
          const data = { ...account, gapId, direction, amountPaisa, afterSmsId: after.smsId, beforeSmsId: before.smsId, windowStart: after.at, windowEnd: before.at };
          return [{ type: SMS_GAP_SUSPECTED, data: { ...data, candidatePaymentIds, detectedAt: command.now.toISOString(), unsettledSince: unsettledSince(gaps, reported) } }];
        }),
      );
    }
  }
}

export function evolveLedger(ledger: LedgerState, event: LedgerEvent): LedgerState {
  switch (event.type) {
    case BALANCE_STATED: {
      const { accountKey, tenantId, gateway, account, smsId, direction, amountPaisa, balancePaisa, at, recordedAt } = event.data;
      const statement: BalanceStatement = { smsId, direction, amountPaisa, balancePaisa, at, recordedAt };
      const statements = [...ledger.statements, statement].sort(byTime).slice(-LEDGER_KEPT);
      const kept = new Set(statements.map((stated) => stated.smsId));
      return {
        account: ledger.account ?? { accountKey, tenantId, gateway, account },
        statements,
        reported: ledger.reported.filter((gap) => kept.has(gap.afterSmsId) && kept.has(gap.beforeSmsId)),
      };
    }
    case SMS_GAP_SUSPECTED: {
      const { gapId, afterSmsId, beforeSmsId } = event.data;
      return { ...ledger, reported: [...ledger.reported, { gapId, afterSmsId, beforeSmsId }] };
    }
    case SMS_GAP_FILLED:
      return { ...ledger, reported: ledger.reported.filter((gap) => gap.gapId !== event.data.gapId) };
  }
}

export const ledgerDecider: Decider<LedgerCommand, LedgerState, LedgerEvent> = {
  initialState: EMPTY,
  isEvent: isLedgerEvent,
  evolve: evolveLedger,
  decide: decideLedger,
};

import { BalanceStatement, MoneyDirection } from '@pvs/contracts';

/**
 * Phones and wordings date SMS to the minute, and a forwarder may post two at once in either order: statements this
 * close are put in the order their balances follow from each other, not the order their times say.
 */
export const SAME_MOMENT_MS = 2 * 60_000;

/** The balance before the statement's movement. */
export function balanceBefore({ direction, amountPaisa, balancePaisa }: BalanceStatement): number {
  return direction === 'credit' ? balancePaisa - amountPaisa : balancePaisa + amountPaisa;
}

/** Statements by the time the phone received them, then by when we recorded them: the order a ledger keeps them in. */
export function byTime(a: BalanceStatement, b: BalanceStatement): number {
  return a.at.localeCompare(b.at) || a.recordedAt.localeCompare(b.recordedAt) || a.smsId.localeCompare(b.smsId);
}

/**
 * The statements in the order the money moved: by time, except that among statements of the same moment the one that
 * continues the running balance comes first. `sorted` is in `byTime` order.
 */
export function ledgerOrder(sorted: readonly BalanceStatement[]): BalanceStatement[] {
  const pending = [...sorted];
  const ordered: BalanceStatement[] = [];
  let balance: number | null = null;
  while (pending.length > 0) {
    const next: BalanceStatement | undefined = pending.splice(continuing(pending, balance), 1)[0];
    if (next === undefined) break;
    ordered.push(next);
    balance = next.balancePaisa;
  }
  return ordered;
}

/**
 * Which of the earliest pending statements comes next: the first of the same moment that continues `balance`; at the
 * start, the first of the same moment that no other of that moment leads to. Else the first.
 */
function continuing(pending: readonly BalanceStatement[], balance: number | null): number {
  const first = pending[0];
  if (first === undefined) return 0;
  const horizon = Date.parse(first.at) + SAME_MOMENT_MS;
  let moment = 0;
  while (moment < pending.length && Date.parse(pending[moment]?.at ?? '') <= horizon) moment++;
  const same = pending.slice(0, moment);
  const index = same.findIndex((candidate) =>
    balance === null ? !same.some((other) => other !== candidate && other.balancePaisa === balanceBefore(candidate)) : balanceBefore(candidate) === balance,
  );
  return Math.max(index, 0);
}

/** Two statements in a row whose balances the movement between them does not explain: an SMS (or several) is missing. */
export interface LedgerBreak {
  readonly after: BalanceStatement;
  readonly before: BalanceStatement;
  /** What the missing movement did: `credit`, money came in unseen; `debit`, it went out unseen. */
  readonly direction: MoneyDirection;
  readonly amountPaisa: number;
  /** When we could first see it: when the later-recorded of its two statements was recorded. */
  readonly revealedAt: string;
}

/** The breaks of a ledger in money order. */
export function ledgerBreaks(ordered: readonly BalanceStatement[]): LedgerBreak[] {
  const breaks: LedgerBreak[] = [];
  let after: BalanceStatement | null = null;
  for (const before of ordered) {
    const unexplained = after === null ? 0 : balanceBefore(before) - after.balancePaisa;
    if (after !== null && unexplained !== 0) {
      const revealedAt = after.recordedAt > before.recordedAt ? after.recordedAt : before.recordedAt;
      breaks.push({ after, before, direction: unexplained > 0 ? 'credit' : 'debit', amountPaisa: Math.abs(unexplained), revealedAt });
    }
    after = before;
  }
  return breaks;
}

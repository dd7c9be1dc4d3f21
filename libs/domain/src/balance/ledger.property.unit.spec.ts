import fc from 'fast-check';
import { BalanceStatement, LedgerAccount, LedgerEvent, MoneyDirection, SMS_GAP_FILLED, SMS_GAP_SUSPECTED, SmsGapFilledData, SmsGapSuspectedData } from '@pvs/contracts';
import { fold } from '../decider';
import { LedgerState, dueGaps, ledgerDecider, ledgerGaps } from './ledger';
import { SAME_MOMENT_MS } from './ledger-order';

const MINUTE = 60_000;
const SETTLE = 10 * MINUTE;
const START = Date.parse('2026-11-27T04:00:00Z');
const ACCOUNT: LedgerAccount = { accountKey: 'a1b2c3d4-0000-5000-8000-000000000001', tenantId: 't1', gateway: 'bank', account: '**1234' };

interface Movement {
  readonly direction: MoneyDirection;
  readonly amountPaisa: number;
  /** Time since the movement before. */
  readonly afterMs: number;
}

/** The statements a run of movements gives, from an opening balance, each received `afterMs` after the one before. */
function statementsOf(opening: number, movements: readonly Movement[]): BalanceStatement[] {
  let balance = opening;
  let at = START;
  return movements.map(({ direction, amountPaisa, afterMs }, index) => {
    balance += direction === 'credit' ? amountPaisa : -amountPaisa;
    at += afterMs;
    const time = new Date(at).toISOString();
    return { smsId: `sms-${index}`, direction, amountPaisa, balancePaisa: balance, at: time, recordedAt: time };
  });
}

const movement = (minGapMs: number, maxGapMs: number) =>
  fc.record({ direction: fc.constantFrom<MoneyDirection>('credit', 'debit'), amountPaisa: fc.integer({ min: 1, max: 50_000_000 }), afterMs: fc.integer({ min: minGapMs, max: maxGapMs }) });
const opening = fc.integer({ min: 0, max: 1_000_000_000 });

/** A ledger fed as the matcher and the watch feed it: each statement as it arrives, the watch reporting after each. */
class Simulation {
  readonly events: LedgerEvent[] = [];
  state: LedgerState = ledgerDecider.initialState;

  arrive(statement: BalanceStatement, at: number): this {
    const now = new Date(at);
    this.record(ledgerDecider.decide({ type: 'State', account: ACCOUNT, statement: { ...statement, recordedAt: now.toISOString() }, now }, this.state));
    return this.tick(at);
  }

  tick(at: number): this {
    const now = new Date(at);
    const candidates = new Map(dueGaps(this.state, now, SETTLE).map((gap) => [gap.gapId, []] as const));
    this.record(ledgerDecider.decide({ type: 'Report', candidates, settleMs: SETTLE, now }, this.state));
    return this;
  }

  get reported(): SmsGapSuspectedData[] {
    return this.events.flatMap((event) => (event.type === SMS_GAP_SUSPECTED ? [event.data] : []));
  }

  get filled(): SmsGapFilledData[] {
    return this.events.flatMap((event) => (event.type === SMS_GAP_FILLED ? [event.data] : []));
  }

  private record(decision: ReturnType<typeof ledgerDecider.decide>): void {
    if (!decision.ok) throw new Error(decision.refusal.message);
    this.events.push(...decision.events);
    this.state = fold({ evolve: ledgerDecider.evolve, initialState: this.state }, decision.events);
  }
}

/** The statements arriving in `order`, the n-th of them at `arrivals[n]`. */
function arrive(statements: readonly BalanceStatement[], order: readonly number[], arrivals: readonly number[]): Simulation {
  const simulation = new Simulation();
  order.forEach((index, position) => {
    const stated = statements[index];
    if (stated) simulation.arrive(stated, arrivals[position] ?? START);
  });
  return simulation;
}

const inOrder = (length: number) => Array.from({ length }, (_, index) => index);
const arrivalsOf = (statements: readonly BalanceStatement[]) => statements.map((stated) => Date.parse(stated.at));

describe('the ledger of an account, as its SMS state it', () => {
  it('finds no gap when no SMS is missing, whatever order they arrive in, once they all have', () => {
    fc.assert(
      fc.property(opening, fc.array(movement(1_000, 3 * 60 * MINUTE), { minLength: 2, maxLength: 40 }), fc.infiniteStream(fc.nat()), (open, movements, shuffle) => {
        const statements = statementsOf(open, movements);
        const order = inOrder(statements.length).sort(() => (shuffle.next().value % 3) - 1);
        const last = Math.max(...arrivalsOf(statements));
        const simulation = arrive(statements, order, order.map((_, position) => last + position * 7 * MINUTE));
        expect(ledgerGaps(simulation.state)).toEqual([]);
        // A late SMS may have been reported missing meanwhile; its arrival fills exactly what was reported.
        expect(simulation.filled.map((filled) => filled.gapId).sort()).toEqual(simulation.reported.map((gap) => gap.gapId).sort());
        expect(simulation.state.reported).toEqual([]);
      }),
    );
  });

  it('reports nothing when SMS arrive out of order within the settling time (a phone posting its backlog at once)', () => {
    fc.assert(
      fc.property(opening, fc.array(movement(1_000, 60 * MINUTE), { minLength: 2, maxLength: 30 }), fc.infiniteStream(fc.nat()), (open, movements, shuffle) => {
        const statements = statementsOf(open, movements);
        const order = inOrder(statements.length).sort(() => (shuffle.next().value % 3) - 1);
        const last = Math.max(...arrivalsOf(statements));
        const simulation = arrive(statements, order, order.map((_, position) => last + (position * (SETTLE - 1_000)) / statements.length));
        expect(simulation.reported).toEqual([]);
      }),
    );
  });

  it('finds the one SMS removed, with its amount, its direction and the window it came in, and its late arrival fills it', () => {
    fc.assert(
      fc.property(opening, fc.array(movement(SAME_MOMENT_MS + 1, 3 * 60 * MINUTE), { minLength: 3, maxLength: 40 }), fc.nat(), (open, movements, pick) => {
        const statements = statementsOf(open, movements);
        const removed = 1 + (pick % (statements.length - 2));
        const [previous, missing, next] = statements.slice(removed - 1, removed + 2);
        if (!missing || !previous || !next) throw new Error('a removed statement has a neighbour either side');
        const kept = statements.filter((_, index) => index !== removed);
        const simulation = arrive(kept, inOrder(kept.length), arrivalsOf(kept));
        const due = Date.parse(next.at) + SETTLE;
        const settledAt = Math.max(Date.parse(kept.at(-1)?.at ?? ''), due);
        simulation.tick(settledAt);
        expect(ledgerGaps(simulation.state).map(({ direction, amountPaisa, after, before }) => ({ direction, amountPaisa, after: after.smsId, before: before.smsId }))).toEqual([
          { direction: missing.direction, amountPaisa: missing.amountPaisa, after: previous.smsId, before: next.smsId },
        ]);
        // Reported once, when the break has lasted the settling time, and not before.
        const reports = simulation.reported;
        expect(reports.map(({ amountPaisa, direction, windowStart, windowEnd }) => ({ amountPaisa, direction, windowStart, windowEnd }))).toEqual([
          { amountPaisa: missing.amountPaisa, direction: missing.direction, windowStart: previous.at, windowEnd: next.at },
        ]);
        expect(Date.parse(reports[0]?.detectedAt ?? '')).toBeGreaterThanOrEqual(due);
        simulation.arrive(missing, settledAt + MINUTE);
        expect(simulation.filled.map((filled) => [filled.gapId, filled.smsId])).toEqual([[reports[0]?.gapId, missing.smsId]]);
        expect(ledgerGaps(simulation.state)).toEqual([]);
      }),
    );
  });
});

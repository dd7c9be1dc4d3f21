import {
  BALANCE_STATED,
  BalanceStated,
  BalanceStatement,
  LedgerAccount,
  LedgerEvent,
  SMS_GAP_FILLED,
  SMS_GAP_SUSPECTED,
  SmsGapFilled,
  SmsGapSuspected,
  SmsGapSuspectedData,
} from '@pvs/contracts';
import { fold } from '../decider';
import { DeciderSpecification } from '../testing/decider-specification';
import { LEDGER_KEPT, LedgerCommand, LedgerState, dueGaps, ledgerDecider, ledgerGaps } from './ledger';
import { gapIdFor } from '../ids/payment-id';
import { SAME_MOMENT_MS, balanceBefore, byTime, ledgerBreaks, ledgerOrder } from './ledger-order';

const MINUTE = 60_000;
const ACCOUNT: LedgerAccount = { accountKey: 'k1', tenantId: 't1', gateway: 'bank', account: '**1234' };
const at = (minutes: number) => new Date(Date.parse('2026-11-27T05:00:00Z') + minutes * MINUTE).toISOString();
const statement = (smsId: string, direction: 'credit' | 'debit', amountPaisa: number, balancePaisa: number, minutes: number, recordedMinutes = minutes): BalanceStatement => ({
  smsId,
  direction,
  amountPaisa,
  balancePaisa,
  at: at(minutes),
  recordedAt: at(recordedMinutes),
});

const stateCommand = (stated: BalanceStatement, now = stated.recordedAt): LedgerCommand => ({ type: 'State', account: ACCOUNT, statement: stated, now: new Date(now) });
const balanceStated = (stated: BalanceStatement, unsettledSince: string | null = null): BalanceStated => ({ type: BALANCE_STATED, data: { ...ACCOUNT, ...stated, unsettledSince } });
const gapSuspected = (gap: Omit<SmsGapSuspectedData, keyof LedgerAccount>): SmsGapSuspected => ({ type: SMS_GAP_SUSPECTED, data: { ...ACCOUNT, ...gap } });
const gapFilled = (gapId: string, smsId: string, filledAt: string): SmsGapFilled => ({
  type: SMS_GAP_FILLED,
  data: { gapId, accountKey: ACCOUNT.accountKey, tenantId: ACCOUNT.tenantId, smsId, filledAt },
});
const gapBetween = (afterSmsId: string, beforeSmsId: string) => gapIdFor(ACCOUNT.accountKey, afterSmsId, beforeSmsId);

const given = DeciderSpecification.for(ledgerDecider);

function state(...statements: BalanceStatement[]): { state: LedgerState; events: LedgerEvent[] } {
  const events: LedgerEvent[] = [];
  let ledger = ledgerDecider.initialState;
  for (const stated of statements) {
    const decision = ledgerDecider.decide(stateCommand(stated), ledger);
    if (!decision.ok) throw new Error(decision.refusal.message);
    events.push(...decision.events);
    ledger = fold({ evolve: ledgerDecider.evolve, initialState: ledger }, decision.events);
  }
  return { state: ledger, events };
}

describe('the order money moved in', () => {
  it('puts SMS dated to the same minute in the order their balances follow from each other', () => {
    // Three SMS of one minute, recorded in the wrong order: credit 500, debit 200, credit 100.
    const sorted = [statement('c', 'credit', 10_000, 40_000, 0, 3), statement('b', 'debit', 20_000, 30_000, 0, 2), statement('a', 'credit', 50_000, 50_000, 0, 1)];
    expect(ledgerOrder([...sorted].sort((x, y) => x.recordedAt.localeCompare(y.recordedAt))).map((stated) => stated.smsId)).toEqual(['a', 'b', 'c']);
  });

  it('keeps the order of time between SMS further apart than the same moment, whatever order would explain the balances', () => {
    // In the reverse order the balances follow (500, then 1,000); ten minutes apart, the earlier one comes first.
    const gapOf = (minutesApart: number) =>
      ledgerGaps(state(statement('a', 'credit', 50_000, 100_000, 0), statement('b', 'credit', 50_000, 50_000, minutesApart)).state).map((gap) => [gap.after.smsId, gap.before.smsId, gap.direction, gap.amountPaisa]);
    expect(gapOf(10)).toEqual([['a', 'b', 'debit', 100_000]]);
    expect(gapOf(1)).toEqual([]);
  });
});

describe('the ledger decider', () => {
  it('records a statement once, a reparse of its SMS adding nothing', () => {
    const once = statement('a', 'credit', 50_000, 50_000, 0);
    given([]).when(stateCommand(once)).then([balanceStated(once)]);
    given([balanceStated(once)]).when(stateCommand(once, at(5))).thenNothingHappened();
  });

  it('says since when a break waits to be reported, and reports it once its settling time is over, with the candidates given', () => {
    const a = statement('a', 'credit', 10_000, 10_000, 0);
    const b = statement('b', 'credit', 10_000, 30_000, 5);
    given([balanceStated(a)]).when(stateCommand(b)).then([balanceStated(b, at(5))]);
    const history = [balanceStated(a), balanceStated(b, at(5))];
    const ledger = fold(ledgerDecider, history);
    expect(dueGaps(ledger, new Date(at(14)), 10 * MINUTE)).toEqual([]);
    const [due] = dueGaps(ledger, new Date(at(15)), 10 * MINUTE);
    expect(due).toMatchObject({ gapId: gapBetween('a', 'b'), direction: 'credit', amountPaisa: 10_000, revealedAt: at(5) });
    const report = (candidates: ReadonlyMap<string, readonly string[]>): LedgerCommand => ({ type: 'Report', candidates, settleMs: 10 * MINUTE, now: new Date(at(15)) });
    // A gap the watch found no candidates for is not in its map: it is left for the next round.
    given(history).when(report(new Map())).thenNothingHappened();
    const reported = gapSuspected({
      gapId: gapBetween('a', 'b'),
      direction: 'credit',
      amountPaisa: 10_000,
      afterSmsId: 'a',
      beforeSmsId: 'b',
      windowStart: at(0),
      windowEnd: at(5),
      candidatePaymentIds: ['p1'],
      detectedAt: at(15),
      unsettledSince: null,
    });
    given(history)
      .when(report(new Map([[gapBetween('a', 'b'), ['p1']]])))
      .then([reported]);
    expect(dueGaps(fold(ledgerDecider, [...history, reported]), new Date(at(60)), 10 * MINUTE)).toEqual([]);
  });

  it('reports nothing for a ledger never stated', () => {
    given([]).when({ type: 'Report', candidates: new Map([['g', []]]), settleMs: 0, now: new Date(at(0)) }).thenNothingHappened();
  });

  it('fills a reported gap when a statement explains it, and reports what is left of it anew', () => {
    const a = statement('a', 'credit', 10_000, 10_000, 0);
    const c = statement('c', 'credit', 10_000, 40_000, 10);
    expect(dueGaps(fold(ledgerDecider, [balanceStated(a), balanceStated(c, at(10))]), new Date(at(30)), 10 * MINUTE).map((gap) => gap.gapId)).toEqual([gapBetween('a', 'c')]);
    const reported = [
      balanceStated(a),
      balanceStated(c, at(10)),
      gapSuspected({
        gapId: gapBetween('a', 'c'),
        direction: 'credit',
        amountPaisa: 20_000,
        afterSmsId: 'a',
        beforeSmsId: 'c',
        windowStart: at(0),
        windowEnd: at(10),
        candidatePaymentIds: [],
        detectedAt: at(30),
        unsettledSince: null,
      }),
    ];
    // One of the two missing credits arrives: the gap is filled, and a smaller one stands between it and the next.
    const b = statement('b', 'credit', 10_000, 20_000, 5, 31);
    const filling = [balanceStated(b, at(31)), gapFilled(gapBetween('a', 'c'), 'b', at(31))];
    given(reported).when(stateCommand(b)).then(filling);
    expect(ledgerGaps(fold(ledgerDecider, [...reported, ...filling])).map((left) => [left.after.smsId, left.before.smsId, left.amountPaisa])).toEqual([['b', 'c', 10_000]]);
  });

  it(`keeps the last ${LEDGER_KEPT} statements, and forgets reported gaps whose ends it no longer keeps`, () => {
    const statements = Array.from({ length: LEDGER_KEPT + 5 }, (_, index) => statement(`s${index}`, 'credit', 100, (index + 1) * 100 + (index === 2 ? 50 : 0), index * 10));
    const first = state(...statements.slice(0, 4)).state;
    const [gap] = dueGaps(first, new Date(at(1_000)), 0);
    const reported = ledgerDecider.decide({ type: 'Report', candidates: new Map([[gap?.gapId ?? '', []]]), settleMs: 0, now: new Date(at(1_000)) }, first);
    let ledger = fold({ evolve: ledgerDecider.evolve, initialState: first }, reported.ok ? reported.events : []);
    expect(ledger.reported).toHaveLength(1);
    for (const stated of statements.slice(4)) ledger = fold({ evolve: ledgerDecider.evolve, initialState: ledger }, [{ type: BALANCE_STATED, data: { ...ACCOUNT, ...stated, unsettledSince: null } }]);
    expect(ledger.statements).toHaveLength(LEDGER_KEPT);
    expect(ledger.statements[0]?.smsId).toBe('s5');
    expect(ledger.reported).toEqual([]);
  });
});

describe('what the mutants showed unpinned', () => {
  const report = (...gapIds: string[]): LedgerCommand => ({ type: 'Report', candidates: new Map(gapIds.map((id) => [id, []])), settleMs: 0, now: new Date(at(100)) });
  /** The gap between two credits of 100 whose balances are 400 apart, reported at minute 100 without candidates. */
  const missingCredit = (after: BalanceStatement, before: BalanceStatement, unsettledSince: string | null) =>
    gapSuspected({
      gapId: gapBetween(after.smsId, before.smsId),
      direction: 'credit',
      amountPaisa: 300,
      afterSmsId: after.smsId,
      beforeSmsId: before.smsId,
      windowStart: after.at,
      windowEnd: before.at,
      candidatePaymentIds: [],
      detectedAt: at(100),
      unsettledSince,
    });

  it('reads a debit as money out, a credit as money in', () => {
    expect(balanceBefore(statement('d', 'debit', 2_000, 8_000, 0))).toBe(10_000);
    expect(balanceBefore(statement('c', 'credit', 2_000, 8_000, 0))).toBe(6_000);
    expect(ledgerGaps(state(statement('a', 'credit', 10_000, 10_000, 0), statement('d', 'debit', 2_000, 8_000, 5)).state)).toEqual([]);
  });

  it('orders by the phone’s time, then by when we recorded it, then by the SMS id', () => {
    const early = statement('z', 'credit', 1, 1, 0, 9);
    const later = statement('a', 'credit', 1, 1, 1, 0);
    const sameTimeFirstRecorded = statement('y', 'credit', 1, 1, 0, 8);
    const sameTimesSmallerId = statement('x', 'credit', 1, 1, 0, 8);
    expect([later, early, sameTimeFirstRecorded, sameTimesSmallerId].sort(byTime).map((stated) => stated.smsId)).toEqual(['x', 'y', 'z', 'a']);
    expect(byTime(early, early)).toBe(0);
  });

  it('continues the running balance among SMS of the same moment, before one that starts nothing there', () => {
    // After a (500), y continues it (600); x (1,000) follows from none of them. The running balance puts y first.
    const a = statement('a', 'credit', 50_000, 50_000, 0);
    const x = statement('x', 'credit', 5_000, 100_000, 0.5, 1);
    const y = statement('y', 'credit', 10_000, 60_000, 0.5, 2);
    expect(ledgerOrder([a, x, y]).map((stated) => stated.smsId)).toEqual(['a', 'y', 'x']);
    expect(ledgerBreaks(ledgerOrder([a, x, y])).map((gap) => [gap.after.smsId, gap.before.smsId, gap.amountPaisa])).toEqual([['y', 'x', 35_000]]);
    expect(ledgerOrder([])).toEqual([]);
  });

  it('dates a break by the later-recorded of its two SMS, whichever of them came late', () => {
    const [lateEarlier] = ledgerBreaks([statement('a', 'credit', 100, 100, 0, 30), statement('b', 'credit', 100, 500, 10, 10)]);
    expect(lateEarlier?.revealedAt).toBe(at(30));
    const [lateLater] = ledgerBreaks([statement('a', 'credit', 100, 100, 0, 0), statement('b', 'credit', 100, 500, 10, 10)]);
    expect(lateLater).toMatchObject({ revealedAt: at(10), direction: 'credit', amountPaisa: 300 });
  });

  it('names a gap by its ledger and its two SMS', () => {
    const [gap] = ledgerGaps(state(statement('a', 'credit', 100, 100, 0), statement('b', 'credit', 100, 500, 10)).state);
    expect(gap?.gapId).toBe(gapIdFor(ACCOUNT.accountKey, 'a', 'b'));
  });

  it('says the earliest of the unreported breaks as unsettled, and none once every one is reported', () => {
    const a = statement('a', 'credit', 100, 100, 0);
    const b = statement('b', 'credit', 100, 500, 10);
    const c = statement('c', 'credit', 100, 900, 20);
    const { state: ledger, events } = state(a, b, c);
    expect(events).toStrictEqual([balanceStated(a), balanceStated(b, at(10)), balanceStated(c, at(10))]);
    expect(ledgerGaps(ledger).map((gap) => gap.gapId)).toEqual([gapBetween('a', 'b'), gapBetween('b', 'c')]);
    given(events).when(report(gapBetween('a', 'b'))).then([missingCredit(a, b, at(20))]);
    given([...events, missingCredit(a, b, at(20))])
      .when(report(gapBetween('b', 'c')))
      .then([missingCredit(b, c, null)]);
  });

  it('keeps a reported gap while a statement elsewhere arrives, and reports it as settled', () => {
    const a = statement('a', 'credit', 100, 100, 0);
    const b = statement('b', 'credit', 100, 500, 10);
    const c = statement('c', 'credit', 100, 600, 20);
    const reported = [balanceStated(a), balanceStated(b, at(10)), missingCredit(a, b, null)];
    given(reported).when(stateCommand(c)).then([balanceStated(c)]);
    const after = fold(ledgerDecider, [...reported, balanceStated(c)]);
    expect(after.reported).toHaveLength(1);
    expect(after.account).toEqual(ACCOUNT);
    expect(after.statements.map((stated) => stated.smsId)).toEqual(['a', 'b', 'c']);
  });

  it('keeps its statements in time order whatever order they arrive in', () => {
    const { state: ledger } = state(statement('c', 'credit', 100, 300, 20), statement('a', 'credit', 100, 100, 0), statement('b', 'credit', 100, 200, 10));
    expect(ledger.statements.map((stated) => stated.smsId)).toEqual(['a', 'b', 'c']);
  });

  it('forgets a reported gap once either of its ends is no longer kept, and only the gap filled', () => {
    const base: LedgerState = {
      account: ACCOUNT,
      statements: [statement('a', 'credit', 1, 1, 0), statement('b', 'credit', 1, 2, 1)],
      reported: [
        { gapId: 'g1', afterSmsId: 'a', beforeSmsId: 'b' },
        { gapId: 'g2', afterSmsId: 'b', beforeSmsId: 'gone' },
      ],
    };
    const stated = ledgerDecider.evolve(base, { type: BALANCE_STATED, data: { ...ACCOUNT, ...statement('c', 'credit', 1, 3, 2), unsettledSince: null } });
    expect(stated.reported.map((gap) => gap.gapId)).toEqual(['g1']);
    const filled = ledgerDecider.evolve(base, { type: SMS_GAP_FILLED, data: { gapId: 'g1', accountKey: ACCOUNT.accountKey, tenantId: 't1', smsId: 'x', filledAt: at(3) } });
    expect(filled.reported.map((gap) => gap.gapId)).toEqual(['g2']);
  });
});

describe('the edges of a moment, and of what is unsettled', () => {
  it('counts SMS exactly two minutes apart as the same moment, and a millisecond more as not', () => {
    // In time order the balances break; in the other order they follow.
    const a = statement('a', 'credit', 50_000, 100_000, 0);
    const b = (minutes: number) => statement('b', 'credit', 50_000, 50_000, minutes);
    expect(ledgerBreaks(ledgerOrder([a, b(SAME_MOMENT_MS / MINUTE)]))).toEqual([]);
    expect(ledgerBreaks(ledgerOrder([a, b(SAME_MOMENT_MS / MINUTE + 1 / MINUTE)]))).toHaveLength(1);
  });

  it('says unsettled since the earliest revealed break, not the first in money order', () => {
    // b arrives late (recorded at 50), so the first break (a→b) shows after the second (c→d, shown at 30).
    const { events } = state(
      statement('a', 'credit', 100, 100, 0, 0),
      statement('c', 'credit', 100, 600, 20, 20),
      statement('d', 'credit', 100, 1_000, 30, 30),
      statement('b', 'credit', 100, 500, 10, 50),
    );
    expect(events.at(-1)).toMatchObject({ data: { unsettledSince: at(30) } });
  });
});

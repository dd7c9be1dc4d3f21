import { ProjectionDefinition, ReadModelPosition } from '@pvs/read-model';
import { MAX_LAG_SECONDS, Watch, WatchRound, WatchSchedule } from './watch-schedule';

const projection = (name: string): ProjectionDefinition => ({ name, filter: {}, tables: {} });
const PHONES = projection('forwarders');
const PAYMENTS = projection('payments');

/** A watch that records the time it was given and answers what it is told to. */
function watch(reads: ProjectionDefinition[], answer: WatchRound = { raised: 0, checkpoint: null }): Watch & { seen: Date[] } {
  const seen: Date[] = [];
  return { reads, seen, round: async (now) => (seen.push(now), answer) };
}

/** A read model whose lag and progress the test sets. */
function readModel(lag: Record<string, number>, applied: Record<string, string | null> = {}): Pick<ReadModelPosition, 'lagSeconds' | 'waitFor'> {
  return {
    lagSeconds: async (projections: readonly ProjectionDefinition[]) => Math.max(0, ...projections.map(({ name }) => lag[name] ?? 0)),
    // What the projections have applied stands still here: waiting changes nothing.
    waitFor: async (projections: readonly ProjectionDefinition[], checkpoint: string) => projections.every(({ name }) => (applied[name] ?? '') >= checkpoint),
  };
}

const clockAt = (iso: string) => ({ now: () => new Date(iso) });

describe('the watches’ schedule', () => {
  it(`runs every watch in order, on one time, when the read model is at most ${MAX_LAG_SECONDS} s behind`, async () => {
    const first = watch([PHONES], { raised: 1, checkpoint: null });
    const second = watch([PAYMENTS], { raised: 2, checkpoint: null });
    const schedule = new WatchSchedule([first, second], 60_000, readModel({ forwarders: MAX_LAG_SECONDS }), clockAt('2026-11-27T10:00:00Z'), () => undefined);
    expect(await schedule.run()).toBe(3);
    expect([...first.seen, ...second.seen]).toEqual([new Date('2026-11-27T10:00:00Z'), new Date('2026-11-27T10:00:00Z')]);
  });

  it(`ends the round at a watch whose read model is more than ${MAX_LAG_SECONDS} s behind: the watches after it build on it`, async () => {
    const first = watch([PHONES]);
    const second = watch([PAYMENTS]);
    const behind = new WatchSchedule([first, second], 60_000, readModel({ forwarders: MAX_LAG_SECONDS + 0.001 }), clockAt('2026-11-27T10:00:00Z'), () => undefined);
    expect(await behind.run()).toBe(0);
    expect(first.seen).toEqual([]);
    expect(second.seen).toEqual([]);
  });

  it('lets a watch look only once the read model shows what the watches before it recorded in the round', async () => {
    const raising = watch([PHONES], { raised: 1, checkpoint: '00000000000000000007:00000000000000000000' });
    const after = watch([PAYMENTS]);
    const shown = new WatchSchedule([raising, after], 60_000, readModel({}, { payments: '00000000000000000007:00000000000000000000' }), clockAt('2026-11-27T10:00:00Z'), () => undefined);
    await shown.run();
    expect(after.seen).toHaveLength(1);
  });

  it('keeps a watch from looking while the read model has not shown what the watches before it recorded', async () => {
    jest.useFakeTimers();
    try {
      const raising = watch([PHONES], { raised: 1, checkpoint: '00000000000000000007:00000000000000000000' });
      const after = watch([PAYMENTS]);
      const schedule = new WatchSchedule([raising, after], 60_000, readModel({}, { payments: '00000000000000000006:00000000000000000000' }), clockAt('2026-11-27T10:00:00Z'), () => undefined);
      const round = schedule.run();
      await jest.advanceTimersByTimeAsync(6_000);
      expect(await round).toBe(1);
      expect(after.seen).toEqual([]);
    } finally {
      jest.useRealTimers();
    }
  });

  it('goes on with the next watch when one fails, and says so', async () => {
    const errors: unknown[] = [];
    const failing: Watch = { reads: [PHONES], round: async () => Promise.reject(new Error('read model unreachable')) };
    const next = watch([PAYMENTS], { raised: 1, checkpoint: null });
    const schedule = new WatchSchedule([failing, next], 60_000, readModel({}), clockAt('2026-11-27T10:00:00Z'), (error) => errors.push(error));
    expect(await schedule.run()).toBe(1);
    expect(errors).toEqual([new Error('read model unreachable')]);
  });
});

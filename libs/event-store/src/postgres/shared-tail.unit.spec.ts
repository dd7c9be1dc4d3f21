import { Checkpoint, ReadAllOptions, RecordedEvent } from '../event-store.port';
import { SharedTail, TailSource } from './shared-tail';

/** A log in memory: what the database would answer, counting the reads that reach it. */
class Log implements TailSource {
  readonly events: RecordedEvent[] = [];
  signals = 0;
  tailReads = 0;
  directReads = 0;

  append(streamName: string, type: string, { signal = true } = {}): RecordedEvent {
    const position = this.events.length + 1;
    const recorded: RecordedEvent = {
      id: `e${position}`,
      streamName,
      streamVersion: 1,
      position,
      checkpoint: `${String(position).padStart(20, '0')}:${String(position).padStart(20, '0')}`,
      type,
      data: {},
      metadata: { correlationId: 'c' },
      recordedAt: new Date(0),
    };
    this.events.push(recorded);
    if (signal) this.signals++;
    return recorded;
  }

  async readAfter(after: Checkpoint | null, limit: number): Promise<RecordedEvent[]> {
    this.tailReads++;
    return this.after(after).slice(0, limit);
  }

  async head(): Promise<Checkpoint | null> {
    return this.events.at(-1)?.checkpoint ?? null;
  }

  appendsSignalled(): number {
    return this.signals;
  }

  /** What the store's own readAll answers. */
  readonly direct = async ({ after = null, limit = 500, filter }: ReadAllOptions): Promise<RecordedEvent[]> => {
    this.directReads++;
    return this.after(after)
      .filter((e) => (!filter?.categories || filter.categories.includes(e.streamName.split('-')[0])) && (!filter?.types || filter.types.includes(e.type)))
      .slice(0, limit);
  };

  private after(after: Checkpoint | null): RecordedEvent[] {
    return this.events.filter((e) => after === null || e.checkpoint > after);
  }
}

const types = (events: RecordedEvent[]) => events.map((e) => e.type);

describe('SharedTail', () => {
  it('answers every reader woken by the same appends with one read of the store', async () => {
    const log = new Log();
    const tail = new SharedTail(log);
    const start = await tail.readAll({}, log.direct);
    expect(start).toEqual([]);
    log.append('payment-1', 'Registered');
    log.append('sms-1', 'Received');
    log.append('payment-1', 'Verified');
    const readsBefore = log.tailReads;

    const [payments, sms, verified, all] = await Promise.all([
      tail.readAll({ filter: { categories: ['payment'] } }, log.direct),
      tail.readAll({ filter: { categories: ['sms'] } }, log.direct),
      tail.readAll({ filter: { categories: ['payment'], types: ['Verified'] } }, log.direct),
      tail.readAll({ limit: 2 }, log.direct),
    ]);

    expect(types(payments)).toEqual(['Registered', 'Verified']);
    expect(types(sms)).toEqual(['Received']);
    expect(types(verified)).toEqual(['Verified']);
    expect(types(all)).toEqual(['Registered', 'Received']);
    expect(log.tailReads - readsBefore).toBe(1);
    expect(log.directReads).toBe(0);
  });

  it('reads the store again once another append is signalled', async () => {
    const log = new Log();
    const tail = new SharedTail(log, { maxStalenessMs: 60_000 });
    const first = log.append('thing-1', 'A');
    await tail.readAll({}, log.direct);
    expect(await tail.readAll({ after: first.checkpoint }, log.direct)).toEqual([]);

    log.append('thing-1', 'B');
    expect(types(await tail.readAll({ after: first.checkpoint }, log.direct))).toEqual(['B']);
  });

  it('reads the store again when its last read is older than the staleness bound, for what no append signalled', async () => {
    const log = new Log();
    const tail = new SharedTail(log, { maxStalenessMs: 20 });
    await tail.readAll({}, log.direct);
    log.append('thing-1', 'Unsignalled', { signal: false });
    await new Promise((resolve) => setTimeout(resolve, 40));
    expect(types(await tail.readAll({}, log.direct))).toEqual(['Unsignalled']);
  });

  it('sends a reader behind what it holds to the store, and keeps only its capacity', async () => {
    const log = new Log();
    const old = log.append('thing-1', 'Old');
    const tail = new SharedTail(log, { capacity: 2 });
    await tail.readAll({ after: old.checkpoint }, log.direct);
    expect(types(await tail.readAll({}, log.direct))).toEqual(['Old']);
    expect(log.directReads).toBe(1);

    for (const type of ['A', 'B', 'C']) log.append('thing-1', type);
    expect(types(await tail.readAll({ after: old.checkpoint }, log.direct))).toEqual(['A', 'B', 'C']);
    expect(log.directReads).toBe(2);
    const [, a] = log.events;
    expect(types(await tail.readAll({ after: a.checkpoint }, log.direct))).toEqual(['B', 'C']);
    expect(log.directReads).toBe(2);
  });

  it('gives a filtered reader each new match once, however many events it passes over', async () => {
    const log = new Log();
    const tail = new SharedTail(log);
    await tail.readAll({}, log.direct);
    let after: Checkpoint | null = null;
    const matched: string[] = [];
    for (let i = 0; i < 30; i++) {
      log.append(i % 7 === 0 ? 'rare-1' : 'common-1', `E${i}`);
      const page = await tail.readAll({ after, filter: { categories: ['rare'] } }, log.direct);
      matched.push(...types(page));
      after = page.at(-1)?.checkpoint ?? after;
    }
    expect(matched).toEqual(['E0', 'E7', 'E14', 'E21', 'E28']);
    expect(types(await tail.readAll({ after: null, filter: { categories: ['rare'] } }, log.direct))).toEqual(matched);
  });

  it('keeps serving from memory a reader whose filter has not passed since before what it holds', async () => {
    const log = new Log();
    const match = log.append('rare-1', 'Rare');
    const tail = new SharedTail(log, { capacity: 3 });
    expect(types(await tail.readAll({ after: null, filter: { categories: ['rare'] } }, log.direct))).toEqual(['Rare']);
    const directReadsBefore = log.directReads;

    for (let i = 0; i < 10; i++) {
      log.append('common-1', `C${i}`);
      expect(await tail.readAll({ after: match.checkpoint, filter: { categories: ['rare'] } }, log.direct)).toEqual([]);
    }
    log.append('rare-1', 'Again');
    expect(types(await tail.readAll({ after: match.checkpoint, filter: { categories: ['rare'] } }, log.direct))).toEqual(['Again']);
    expect(log.directReads).toBe(directReadsBefore);
  });

  it('refreshes again after a failed read of the store', async () => {
    const log = new Log();
    const tail = new SharedTail(log);
    await tail.readAll({}, log.direct);
    log.append('thing-1', 'A');
    const readAfter = log.readAfter.bind(log);
    log.readAfter = async () => {
      throw new Error('database down');
    };
    await expect(tail.readAll({}, log.direct)).rejects.toThrow('database down');
    log.readAfter = readAfter;
    expect(types(await tail.readAll({}, log.direct))).toEqual(['A']);
  });
});

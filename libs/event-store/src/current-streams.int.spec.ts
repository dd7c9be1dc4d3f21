import { PgPoolClient } from '@pvs/sql/postgres';
import { createTestDatabase, describeWithPostgres, TestDatabase } from '@pvs/sql/testing';
import { CurrentStreams } from './current-streams';
import { EventStore, NO_STREAM } from './event-store.port';
import { PostgresEventStore } from './postgres/postgres-event-store';

describeWithPostgres('CurrentStreams on the PostgreSQL server', () => {
  let database: TestDatabase;
  let sql: PgPoolClient;
  let store: PostgresEventStore;

  beforeAll(async () => {
    database = await createTestDatabase();
    sql = new PgPoolClient({ connectionString: database.url });
    store = new PostgresEventStore(sql, { appenders: 'this-process' });
    await store.migrate();
  });

  afterAll(async () => {
    await sql.close();
    await database.drop();
  });

  /** The store, counting how many times streams are read. */
  const counting = (): { store: EventStore; reads: string[][] } => {
    const reads: string[][] = [];
    const spy = Object.create(store) as EventStore;
    spy.readStreams = async (names) => {
      reads.push([...names]);
      return store.readStreams(names);
    };
    return { store: spy, reads };
  };
  const append = (stream: string, count: number) =>
    store.append(stream, Array.from({ length: count }, (_, i) => ({ type: 'Noted', data: { n: i }, metadata: { correlationId: 'current-streams' } })), NO_STREAM);

  it('answers the reads asked for in one turn with one read of the store, each with its own stream', async () => {
    await append('note-a', 2);
    await append('note-b', 3);
    const { store: spy, reads } = counting();
    const streams = new CurrentStreams(spy);
    const [a, b, again, none] = await Promise.all([streams.read('note-a'), streams.read('note-b'), streams.read('note-a'), streams.read('note-none')]);
    expect(reads).toEqual([['note-a', 'note-b', 'note-none']]);
    expect(a.map((event) => event.data)).toEqual([{ n: 0 }, { n: 1 }]);
    expect(again).toEqual(a);
    expect(b.map((event) => event.streamVersion)).toEqual([1, 2, 3]);
    expect(none).toEqual([]);
  });

  it('holds every event committed before the read was asked for, also right after another read', async () => {
    const streams = new CurrentStreams(store);
    expect(await streams.read('note-c')).toEqual([]);
    await append('note-c', 1);
    expect((await streams.read('note-c')).map((event) => event.streamVersion)).toEqual([1]);
    const { store: spy, reads } = counting();
    const later = new CurrentStreams(spy);
    await later.read('note-c');
    await later.read('note-c');
    expect(reads).toHaveLength(2);
  });

  it('fails every read of a turn whose read of the store failed', async () => {
    const failing = Object.create(store) as EventStore;
    failing.readStreams = async () => {
      throw new Error('connection lost');
    };
    const streams = new CurrentStreams(failing);
    const reads = [streams.read('note-a'), streams.read('note-b')];
    await expect(Promise.all(reads)).rejects.toThrow('connection lost');
    await expect(reads[1]).rejects.toThrow('connection lost');
  });
});

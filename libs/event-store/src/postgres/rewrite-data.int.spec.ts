import { OpenedDatabase, describeOnEachDatabase } from '@pvs/sql/testing';
import { NewEvent, StoredEvent } from '../event-store.port';
import { PostgresEventStore } from './postgres-event-store';

const metadata = { correlationId: 'c1' };
const received = (body: string): NewEvent => ({ type: 'SmsReceived', data: { smsId: 's1', body }, metadata });
const other = (body: string): NewEvent => ({ type: 'SomethingElse', data: { body }, metadata });
/** Seals a plain body the way the one-time sealing would: anything already sealed is left. */
const seal = async ({ data }: StoredEvent) => {
  if (typeof data !== 'object' || data === null || !('body' in data) || typeof data.body !== 'string' || data.body.startsWith('sealed:')) return null;
  return { ...data, body: `sealed:${data.body.length}` };
};

describeOnEachDatabase('rewriting stored events’ data in place', (open) => {
  let database: OpenedDatabase;
  beforeEach(async () => {
    database = await open();
  });
  afterEach(() => database.close());

  it('replaces the data of the events of the types named that the rewrite changes, and nothing else', async () => {
    const store = new PostgresEventStore(database.sql);
    await store.migrate();
    await store.append('sms-1', [received('ALI KHAN 03001234567'), received('sealed:9')], 0);
    await store.append('other-1', [other('ALI KHAN 03001234567')], 0);
    const before = await store.readAll();
    expect(await store.rewriteData(['SmsReceived'], seal)).toBe(1);
    const after = await store.readAll();
    expect(after.map((event) => event.data)).toEqual([{ smsId: 's1', body: 'sealed:20' }, { smsId: 's1', body: 'sealed:9' }, { body: 'ALI KHAN 03001234567' }]);
    // Ids, versions, positions, times and metadata stay.
    expect(after.map(({ data: _, ...rest }) => rest)).toEqual(before.map(({ data: _, ...rest }) => rest));
    expect(await store.rewriteData(['SmsReceived'], seal)).toBe(0);
  });

  it('leaves an event changed while the rewrite worked on it', async () => {
    const store = new PostgresEventStore(database.sql);
    await store.migrate();
    await store.append('sms-1', [received('ALI KHAN')], 0);
    const racing = async (event: StoredEvent) => {
      await database.sql.query(`UPDATE es_events SET data = '{"smsId":"s1","body":"changed"}' WHERE event_id = $1`, [event.id]);
      return seal(event);
    };
    expect(await store.rewriteData(['SmsReceived'], racing)).toBe(0);
    expect((await store.readStream('sms-1'))[0].data).toEqual({ smsId: 's1', body: 'changed' });
  });

  it('serves this process’s readers the new data, however they read before (the stream cache, the shared tail)', async () => {
    const store = new PostgresEventStore(database.sql, { appenders: 'this-process' });
    await store.migrate();
    // The tail anchors at the head, then holds what comes after.
    await store.readAll();
    await store.append('sms-1', [received('ALI KHAN')], 0);
    expect((await store.readStream('sms-1'))[0].data).toEqual({ smsId: 's1', body: 'ALI KHAN' });
    expect((await store.readAll())[0].data).toEqual({ smsId: 's1', body: 'ALI KHAN' });
    expect(await store.rewriteData(['SmsReceived'], seal)).toBe(1);
    expect((await store.readStream('sms-1'))[0].data).toEqual({ smsId: 's1', body: 'sealed:8' });
    expect((await store.readAll())[0].data).toEqual({ smsId: 's1', body: 'sealed:8' });
  });

  it('goes through more events than one page', async () => {
    const store = new PostgresEventStore(database.sql);
    await store.migrate();
    for (let stream = 0; stream < 12; stream++) await store.append(`sms-${stream}`, Array.from({ length: 50 }, (_, i) => received(`payer ${stream}-${i}`)), 0);
    expect(await store.rewriteData(['SmsReceived'], seal)).toBe(600);
    expect((await store.readAll({ limit: 1000 })).filter((event) => JSON.stringify(event.data).includes('"body":"payer'))).toEqual([]);
  });
});

import { PgliteClient } from '@pvs/sql/pglite';
import { PostgresEventStore } from '../postgres/postgres-event-store';
import { UpcastingEventStore } from './upcasting-event-store';

describe('the event store with event versions (UpcastingEventStore over PostgreSQL on PGlite)', () => {
  let sql: PgliteClient;
  let raw: PostgresEventStore;
  let store: UpcastingEventStore;

  beforeAll(async () => {
    sql = await PgliteClient.open();
    raw = new PostgresEventStore(sql);
    await raw.migrate();
    store = new UpcastingEventStore(raw);
  });
  afterAll(() => sql.close());

  const metadata = { correlationId: 'c' };
  const olderReading = { type: 'SmsParsed', data: { smsId: 's1', amountPaisa: 100 }, metadata };

  it('records every event with the version its type is at now', async () => {
    await store.append('sms-1', [{ type: 'SmsParsed', data: { smsId: 's1', tier: 'extracted', institution: null }, metadata }, { type: 'SmsMatched', data: {}, metadata }], 'no_stream');
    expect((await raw.readStream('sms-1')).map((event) => event.metadata)).toEqual([
      { correlationId: 'c', schemaVersion: 2 },
      { correlationId: 'c', schemaVersion: 1 },
    ]);
  });

  it('reads an event of an older version in its current shape, from every read, and a current one as stored', async () => {
    await raw.append('sms-2', [olderReading], 'no_stream');
    await raw.append('sms-3', [{ ...olderReading, data: { smsId: 's3', tier: 'extracted', institution: 'hbl' }, metadata: { ...metadata, schemaVersion: 2 } }], 'no_stream');
    const upcast = { smsId: 's1', amountPaisa: 100, tier: 'template', institution: null };
    expect((await store.readStream('sms-2'))[0].data).toEqual(upcast);
    expect((await store.readStreams(['sms-2'])).get('sms-2')?.[0].data).toEqual(upcast);
    const all = await store.readAll({ filter: { categories: ['sms'] } });
    expect(all.find((event) => event.streamName === 'sms-2')?.data).toEqual(upcast);
    expect(all.find((event) => event.streamName === 'sms-3')?.data).toEqual({ smsId: 's3', tier: 'extracted', institution: 'hbl' });
    expect((await raw.readStream('sms-2'))[0].data).toEqual({ smsId: 's1', amountPaisa: 100 });
  });
});

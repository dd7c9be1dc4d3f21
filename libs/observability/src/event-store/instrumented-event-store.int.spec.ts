import { ExpectedVersionConflictError, NO_STREAM } from '@pvs/event-store';
import { PostgresEventStore } from '@pvs/event-store/postgres';
import { PgliteClient } from '@pvs/sql/pglite';
import { Metrics } from '../metrics/metrics';
import { InstrumentedEventStore } from './instrumented-event-store';

describe('InstrumentedEventStore (on PGlite)', () => {
  let sql: PgliteClient;
  let inner: PostgresEventStore;

  beforeAll(async () => {
    sql = await PgliteClient.open();
    inner = new PostgresEventStore(sql);
    await inner.migrate();
  });

  afterAll(() => sql.close());

  it('times every append by result and passes everything through unchanged', async () => {
    const metrics = new Metrics();
    const events = new InstrumentedEventStore(inner, metrics);
    const event = { type: 'Tested', data: { n: 1 }, metadata: { correlationId: 'c-1' } };
    const appended = await events.append('test-1', [event], NO_STREAM);
    await expect(events.append('test-1', [event], NO_STREAM)).rejects.toBeInstanceOf(ExpectedVersionConflictError);
    expect(appended.nextExpectedVersion).toBe(1);
    expect(await events.readStream('test-1')).toEqual([expect.objectContaining({ type: 'Tested', data: { n: 1 }, metadata: { correlationId: 'c-1' } })]);
    expect(await events.backlog({ after: null })).toMatchObject({ events: 1 });

    const histogram = await metrics.eventStoreAppendDuration.get();
    const count = (result: string) => histogram.values.find((v) => v.metricName === 'pvs_event_store_append_duration_seconds_count' && v.labels.result === result)?.value;
    expect(count('appended')).toBe(1);
    expect(count('conflict')).toBe(1);
    expect(count('error')).toBeUndefined();
  });
});

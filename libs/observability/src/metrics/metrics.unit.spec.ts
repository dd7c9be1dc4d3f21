import { Logger } from '@nestjs/common';
import { JsonLogger } from '../logging/json-logger';
import { LogCapture } from '../testing/log-capture';
import { Metrics } from './metrics';

describe('Metrics', () => {
  it('names every instrument with the pvs_ prefix, the default process metrics included', async () => {
    const metrics = new Metrics();
    const names = (await metrics.registry.getMetricsAsJSON()).map((metric) => metric.name);
    expect(names.filter((name) => !name.startsWith('pvs_'))).toEqual([]);
    expect(names).toEqual(expect.arrayContaining(['pvs_http_requests_total', 'pvs_process_cpu_user_seconds_total', 'pvs_nodejs_heap_size_used_bytes']));
  });

  it('reads lag sources once per scrape for both gauges, and leaves out (and logs) a source that fails', async () => {
    const logs = new LogCapture();
    Logger.overrideLogger(new JsonLogger({ service: 'test', level: 'warn', destination: logs }));
    const metrics = new Metrics();
    let reads = 0;
    metrics.projectionLag.track(async () => {
      reads++;
      return [{ name: 'payments', lagEvents: 3, lagSeconds: 1.5 }];
    });
    metrics.projectionLag.track(async () => {
      throw new Error('database down');
    });
    const text = await metrics.exposition();
    expect(reads).toBe(1);
    expect(text).toContain('pvs_projection_lag_events{projection="payments"} 3');
    expect(text).toContain('pvs_projection_lag_seconds{projection="payments"} 1.5');
    expect(logs.entries()).toEqual([expect.objectContaining({ level: 'warn', context: 'Metrics', msg: 'A lag could not be read: database down' })]);

    metrics.projectionLag.track(async () => [{ name: 'sms', lagEvents: 0, lagSeconds: 0 }]);
    const next = await metrics.exposition();
    expect(reads).toBe(2);
    expect(next).toContain('pvs_projection_lag_events{projection="sms"} 0');
  });
});

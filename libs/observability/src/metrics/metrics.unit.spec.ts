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

  it('gives the SMS counts of the current hour and of all 48, from one reading per scrape; none when the reading fails', async () => {
    const logs = new LogCapture();
    Logger.overrideLogger(new JsonLogger({ service: 'test', level: 'warn', destination: logs }));
    const metrics = new Metrics();
    const currentHour = new Date('2026-03-10T10:00:00Z');
    const earlier = new Date('2026-03-09T11:00:00Z');
    let reads = 0;
    let fail = false;
    metrics.smsHours.track(async () => {
      reads++;
      if (fail) throw new Error('database down');
      return {
        since: earlier,
        currentHour,
        counts: [
          { hour: earlier, institution: 'jazzcash', bucket: 'template', reason: null, sms: 7 },
          { hour: currentHour, institution: 'jazzcash', bucket: 'template', reason: null, sms: 2 },
          { hour: currentHour, institution: 'jazzcash', bucket: 'learned', reason: null, sms: 1 },
          { hour: earlier, institution: 'hbl', bucket: 'rejected', reason: 'unrecognized_template', sms: 4 },
        ],
      };
    });
    const text = await metrics.exposition();
    expect(reads).toBe(1);
    expect(text).toContain('pvs_sms_read_48h{institution="jazzcash",tier="template"} 9');
    expect(text).toContain('pvs_sms_read_current_hour{institution="jazzcash",tier="template"} 2');
    expect(text).toContain('pvs_sms_read_current_hour{institution="jazzcash",tier="learned"} 1');
    expect(text).toContain('pvs_sms_rejected_48h{institution="hbl",reason="unrecognized_template"} 4');
    expect(text).not.toMatch(/pvs_sms_rejected_current_hour\{/);

    fail = true;
    const failed = await metrics.exposition();
    expect(failed).not.toMatch(/pvs_sms_(read|rejected)_(48h|current_hour)\{/);
    expect(logs.entries()).toEqual([expect.objectContaining({ level: 'warn', msg: 'The SMS counts could not be read: database down' })]);
  });
});

import { Logger } from '@nestjs/common';
import { Gauge, Registry } from 'prom-client';
import { readOncePerScrape } from './scrape-reading';

/** What the gauges read of the hourly SMS counts (the read model's `SmsHours` is one). */
export interface SmsHourCounts {
  readonly currentHour: Date;
  readonly counts: readonly { readonly hour: Date; readonly institution: string; readonly bucket: string; readonly reason: string | null; readonly sms: number }[];
}

/** The last 48 hours' SMS counts, the current hour's included, as `/admin/sms/stats` answers them. */
export type SmsHoursSource = () => Promise<SmsHourCounts>;

const logger = new Logger('Metrics');

/**
 * Forwarded SMS read (by institution and tier) and rejected (by institution and reason), in the hour in
 * progress and over the last 48 hours, read from the hourly projection when scraped. Every label comes
 * from a closed set: institution ids (or `other`), tiers, rejection reasons; never an hour or a tenant.
 */
export class SmsHourGauges {
  private source: SmsHoursSource | null = null;
  private readonly gauges: Record<'read' | 'rejected', Record<'current_hour' | '48h', Gauge<string>>>;

  constructor(registry: Registry) {
    const collect = readOncePerScrape(() => this.read());
    const gauge = (result: 'read' | 'rejected', window: 'current_hour' | '48h', by: 'tier' | 'reason') =>
      new Gauge({
        name: `pvs_sms_${result}_${window}`,
        help: `Forwarded SMS ${result} ${window === '48h' ? 'in the last 48 hours (UTC hours, the current one included)' : 'in the current UTC hour'}, by institution and ${by}`,
        labelNames: ['institution', by],
        registers: [registry],
        collect,
      });
    this.gauges = {
      read: { current_hour: gauge('read', 'current_hour', 'tier'), '48h': gauge('read', '48h', 'tier') },
      rejected: { current_hour: gauge('rejected', 'current_hour', 'reason'), '48h': gauge('rejected', '48h', 'reason') },
    };
  }

  track(source: SmsHoursSource): void {
    this.source = source;
  }

  private async read(): Promise<void> {
    for (const windows of Object.values(this.gauges)) for (const gauge of Object.values(windows)) gauge.reset();
    if (!this.source) return;
    let hours: SmsHourCounts;
    try {
      hours = await this.source();
    } catch (error) {
      logger.warn(`The SMS counts could not be read: ${error instanceof Error ? error.message : String(error)}`);
      return;
    }
    for (const count of hours.counts) {
      const rejected = count.bucket === 'rejected';
      const labels = rejected ? { institution: count.institution, reason: count.reason ?? '' } : { institution: count.institution, tier: count.bucket };
      const windows = this.gauges[rejected ? 'rejected' : 'read'];
      windows['48h'].inc(labels, count.sms);
      if (count.hour.getTime() === hours.currentHour.getTime()) windows.current_hour.inc(labels, count.sms);
    }
  }
}

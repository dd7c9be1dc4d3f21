import { Logger } from '@nestjs/common';
import { Gauge, Registry } from 'prom-client';
import { AlertKind } from '@pvs/contracts';
import { readOncePerScrape } from './scrape-reading';

/** Open alerts by kind, as the alerts projection holds them. */
export type AlertCountsSource = () => Promise<Record<AlertKind, { open: number; unacknowledged: number }>>;

const logger = new Logger('Metrics');

/** `pvs_alerts_open` and `pvs_alerts_unacknowledged`, by kind (a closed set), read from the read model when scraped. */
export class AlertGauges {
  private source: AlertCountsSource | null = null;
  private readonly open: Gauge<string>;
  private readonly unacknowledged: Gauge<string>;

  constructor(registry: Registry) {
    const collect = readOncePerScrape(() => this.read());
    this.open = new Gauge({ name: 'pvs_alerts_open', help: 'Alerts raised and not cleared, by kind', labelNames: ['kind'], registers: [registry], collect });
    this.unacknowledged = new Gauge({ name: 'pvs_alerts_unacknowledged', help: 'Open alerts no operator has acknowledged, by kind', labelNames: ['kind'], registers: [registry], collect });
  }

  track(source: AlertCountsSource): void {
    this.source = source;
  }

  private async read(): Promise<void> {
    this.open.reset();
    this.unacknowledged.reset();
    if (!this.source) return;
    try {
      for (const [kind, counts] of Object.entries(await this.source())) {
        this.open.set({ kind }, counts.open);
        this.unacknowledged.set({ kind }, counts.unacknowledged);
      }
    } catch (error) {
      logger.warn(`The open alerts could not be read: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}

import { Logger } from '@nestjs/common';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { AlertGauges } from './alert-gauges';
import { SmsHourGauges } from './sms-hour-gauges';
import { readOncePerScrape } from './scrape-reading';

export const METRICS = Symbol('METRICS');

/** Seconds, from a quick append to a webhook that runs into its timeout. */
const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

const HTTP_LABELS = ['route', 'method', 'status_code'] as const;

export type MatchDecisionLabel = 'verified' | 'manual_review' | 'expired';

/** How far one reader of the event log is behind it. */
export interface Lag {
  readonly name: string;
  readonly lagEvents: number;
  readonly lagSeconds: number;
}

export type LagSource = () => Promise<readonly Lag[]>;

const logger = new Logger('Metrics');

/**
 * A pair of gauges (events, seconds) per reader, read from their sources when scraped. Both
 * gauges of one scrape share one reading; a source that fails leaves its readers out of it.
 */
export class LagGauges {
  private readonly sources: LagSource[] = [];
  private readonly events: Gauge<string>;
  private readonly seconds: Gauge<string>;

  constructor(
    registry: Registry,
    private readonly reader: 'projection' | 'subscription',
    help: string,
  ) {
    const read = readOncePerScrape(() => this.readSources());
    this.events = new Gauge({ name: `pvs_${reader}_lag_events`, help: `${help}: events not handled yet`, labelNames: [reader], registers: [registry], collect: read });
    this.seconds = new Gauge({ name: `pvs_${reader}_lag_seconds`, help: `${help}: age of the oldest event not handled yet (0 when caught up)`, labelNames: [reader], registers: [registry], collect: read });
  }

  track(source: LagSource): void {
    this.sources.push(source);
  }

  private async readSources(): Promise<void> {
    this.events.reset();
    this.seconds.reset();
    const readings = await Promise.allSettled(this.sources.map((source) => source()));
    for (const reading of readings) {
      if (reading.status === 'rejected') {
        logger.warn(`A lag could not be read: ${reading.reason instanceof Error ? reading.reason.message : String(reading.reason)}`);
        continue;
      }
      for (const lag of reading.value) {
        this.events.set({ [this.reader]: lag.name }, lag.lagEvents);
        this.seconds.set({ [this.reader]: lag.name }, lag.lagSeconds);
      }
    }
  }
}

/**
 * Every instrument of one process, in the registry built at its boot. Label values come from
 * closed sets (route templates, statuses, reasons): never an id, a raw URL or a secret.
 */
export class Metrics {
  readonly registry = new Registry();

  readonly httpRequests = this.counter('pvs_http_requests_total', 'HTTP requests answered, by route template (unmatched: no route), method and status code', HTTP_LABELS);
  readonly httpRequestDuration = this.histogram('pvs_http_request_duration_seconds', 'Time from the request to the end of its response, by route template, method and status code', HTTP_LABELS);
  readonly eventStoreAppendDuration = this.histogram('pvs_event_store_append_duration_seconds', 'Time of one append to the event store, by result (appended, conflict, error)', ['result']);
  readonly smsRejections = this.counter('pvs_sms_rejections_total', 'Forwarded SMS recorded as not a payment, by reason', ['reason']);
  readonly matchDecisions = this.counter('pvs_match_decisions_total', 'Payment decisions the matcher recorded (verified, manual_review, expired)', ['decision']);
  readonly unmatchedSms = this.counter('pvs_match_unmatched_sms_total', 'Parsed SMS the matcher could not match to a pending payment, by reason', ['reason']);
  readonly webhookAttempts = this.counter('pvs_webhook_attempts_total', 'Webhook delivery attempts, by outcome (succeeded, failed, refused, unsigned)', ['outcome']);
  readonly webhookAttemptDuration = this.histogram('pvs_webhook_attempt_duration_seconds', 'Time of one webhook delivery attempt, by outcome', ['outcome']);
  readonly deadWebhooks = this.counter('pvs_webhook_deliveries_dead_total', 'Webhook deliveries given up, by cause (retries_exhausted, refused, unsigned)', ['cause']);
  readonly payPageViews = this.counter('pvs_pay_page_views_total', "Payment links' pages opened by payers, by what they showed (open, disabled, expired, used_up, not_found, too_many)", ['shown']);
  readonly payPageSubmissions = this.counter(
    'pvs_pay_page_submissions_total',
    "Payers' submissions on payment links' pages, by outcome (registered, or the problem the page showed)",
    ['outcome'],
  );
  readonly projectionLag = new LagGauges(this.registry, 'projection', 'How far each projection is behind the event log');
  readonly subscriptionLag = new LagGauges(this.registry, 'subscription', "How far each of the matcher's subscriptions is behind the event log");
  readonly smsHours = new SmsHourGauges(this.registry);
  readonly alerts = new AlertGauges(this.registry);

  constructor() {
    collectDefaultMetrics({ register: this.registry, prefix: 'pvs_' });
  }

  /** The Prometheus text exposition of everything above. */
  exposition(): Promise<string> {
    return this.registry.metrics();
  }

  get contentType(): string {
    return this.registry.contentType;
  }

  private counter<Label extends string>(name: string, help: string, labelNames: readonly Label[]): Counter<Label> {
    return new Counter({ name, help, labelNames, registers: [this.registry] });
  }

  private histogram<Label extends string>(name: string, help: string, labelNames: readonly Label[]): Histogram<Label> {
    return new Histogram({ name, help, labelNames, buckets: LATENCY_BUCKETS, registers: [this.registry] });
  }
}

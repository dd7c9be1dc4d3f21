import { LoggerService } from '@nestjs/common';
import { Metrics } from '@pvs/observability';
import { AttemptRecord, originOf } from '@pvs/webhook-deliveries';

/**
 * Counts, times and logs each delivery attempt with the decision's correlation id. The line names
 * the endpoint's origin only (a callback URL's path or query may hold the merchant's own token),
 * and never a header: the signature stays out of the logs.
 */
export class AttemptReport {
  constructor(
    private readonly metrics: Metrics,
    private readonly logger: LoggerService,
  ) {}

  attempted(record: AttemptRecord): void {
    const { delivery, outcome } = record;
    this.metrics.webhookAttempts.inc({ outcome });
    this.metrics.webhookAttemptDuration.observe({ outcome }, record.durationMs / 1000);
    const dead = outcome !== 'succeeded' && record.nextAttemptAt === null;
    if (dead) this.metrics.deadWebhooks.inc({ cause: outcome === 'failed' ? 'retries_exhausted' : outcome });
    const line = {
      msg: 'webhook attempt',
      correlation_id: delivery.correlationId,
      tenant_id: delivery.tenantId,
      payment_id: delivery.paymentId,
      delivery_id: delivery.id,
      event: delivery.event,
      origin: delivery.url && originOf(delivery.url),
      attempt: delivery.attempts + 1,
      outcome,
      status_code: record.statusCode,
      duration_ms: Math.round(record.durationMs),
      error: record.error,
      next_attempt_at: record.nextAttemptAt?.toISOString() ?? null,
    };
    if (outcome === 'succeeded') this.logger.log(line);
    else this.logger.warn(line);
  }
}

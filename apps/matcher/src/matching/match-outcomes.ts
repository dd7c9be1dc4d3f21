import { LoggerService } from '@nestjs/common';
import { PAYMENT_EXPIRED, PAYMENT_FLAGGED_FOR_REVIEW, PAYMENT_VERIFIED, SmsUnmatchedData } from '@pvs/contracts';
import { EventMetadata } from '@pvs/event-store';
import { MatchDecisionLabel, Metrics } from '@pvs/observability';

const DECISION_LABELS: Readonly<Record<string, MatchDecisionLabel>> = {
  [PAYMENT_VERIFIED]: 'verified',
  [PAYMENT_FLAGGED_FOR_REVIEW]: 'manual_review',
  [PAYMENT_EXPIRED]: 'expired',
};

interface DecisionData {
  readonly paymentId: string;
  readonly smsId?: string;
  readonly reason?: string;
}

/**
 * Counts and logs what the matcher records, right after the append that recorded it: an event
 * handled twice appends nothing the second time, so nothing is counted twice. Each line carries
 * the correlation id the decision inherited from the request that caused it.
 */
export class MatchOutcomes {
  constructor(
    private readonly metrics: Metrics,
    private readonly logger: LoggerService,
  ) {}

  decided(decision: { readonly type: string; readonly data: unknown }, metadata: EventMetadata): void {
    const label = DECISION_LABELS[decision.type];
    const data = decision.data as DecisionData;
    this.metrics.matchDecisions.inc({ decision: label });
    this.logger.log({
      msg: 'payment decided',
      correlation_id: metadata.correlationId,
      tenant_id: metadata.tenantId,
      payment_id: data.paymentId,
      sms_id: data.smsId ?? null,
      decision: label,
      reason: data.reason ?? null,
    });
  }

  unmatched(data: SmsUnmatchedData, metadata: EventMetadata): void {
    this.metrics.unmatchedSms.inc({ reason: data.reason });
    this.logger.log({
      msg: 'sms unmatched',
      correlation_id: metadata.correlationId,
      tenant_id: metadata.tenantId,
      sms_id: data.smsId,
      payment_id: data.paymentId,
      reason: data.reason,
    });
  }
}

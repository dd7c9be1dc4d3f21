import { LoggerService } from '@nestjs/common';
import { PAYMENT_EXPIRED, PAYMENT_FLAGGED_FOR_REVIEW, PAYMENT_VERIFIED, PaymentEvent, SmsUnmatchedData } from '@pvs/contracts';
import { EventMetadata } from '@pvs/event-store';
import { MatchDecisionLabel, Metrics } from '@pvs/observability';

/** The decisions the matcher takes (an operator's review is not one). */
type MatcherDecision = Extract<PaymentEvent, { type: typeof PAYMENT_VERIFIED | typeof PAYMENT_FLAGGED_FOR_REVIEW | typeof PAYMENT_EXPIRED }>;

const DECISION_LABELS: Readonly<Record<MatcherDecision['type'], MatchDecisionLabel>> = {
  [PAYMENT_VERIFIED]: 'verified',
  [PAYMENT_FLAGGED_FOR_REVIEW]: 'manual_review',
  [PAYMENT_EXPIRED]: 'expired',
};

function isMatcherDecision(event: PaymentEvent): event is MatcherDecision {
  return event.type in DECISION_LABELS;
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

  decided(decision: PaymentEvent, metadata: EventMetadata): void {
    if (!isMatcherDecision(decision)) return;
    const label = DECISION_LABELS[decision.type];
    const { data } = decision;
    this.metrics.matchDecisions.inc({ decision: label });
    this.logger.log({
      msg: 'payment decided',
      correlation_id: metadata.correlationId,
      tenant_id: metadata.tenantId,
      payment_id: data.paymentId,
      sms_id: 'smsId' in data ? data.smsId : null,
      decision: label,
      reason: 'reason' in data ? data.reason : null,
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

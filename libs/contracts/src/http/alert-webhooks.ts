import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import { STALL_REASONS, StallReason } from '../events/alerts/alert-events';
import { REVIEW_REASONS, ReviewReason } from '../events/payments/payment-decisions.event';
import { GATEWAYS, Gateway } from '../gateway';
import { PaymentWebhookData } from './payment-webhook';
import { ChoiceProperty, CountProperty, DateTimeProperty, FlagProperty, PkrProperty, TextProperty, UuidProperty } from './properties';
import { WebhookBody, webhookBody } from './webhook-envelope';

// The alerts a merchant may opt into (the tenant's alert_webhooks), sent to the tenant's webhook_url with the same
// signatures, retries and envelope as the payment webhooks.

abstract class AlertData {
  @UuidProperty({ description: "The alert's id (GET /admin/alerts); a recovery carries its silence's" }) readonly alert_id!: string;
}

@ApiSchema({ name: 'ForwarderSilentData' })
export class ForwarderSilentData extends AlertData {
  @UuidProperty() readonly forwarder_id!: string;
  @DateTimeProperty() readonly last_heard_at!: string;
  @CountProperty() readonly usual_quiet_minutes!: number;
  @ChoiceProperty(GATEWAYS, { isArray: true }) readonly pending_gateways!: readonly Gateway[];
  @DateTimeProperty() readonly detected_at!: string;
}

@ApiSchema({ name: 'ForwarderRecoveredData' })
export class ForwarderRecoveredData extends AlertData {
  @UuidProperty() readonly forwarder_id!: string;
  @DateTimeProperty() readonly silent_since!: string;
  @DateTimeProperty() readonly heard_at!: string;
}

@ApiSchema({ name: 'SmsGapSuspectedData' })
export class SmsGapSuspectedData extends AlertData {
  @UuidProperty() readonly gap_id!: string;
  @ChoiceProperty(GATEWAYS) readonly gateway!: Gateway;
  @TextProperty({ nullable: true }) readonly account!: string | null;
  @PkrProperty() readonly amount!: number;
  @DateTimeProperty() readonly window_start!: string;
  @DateTimeProperty() readonly window_end!: string;
  @UuidProperty({ isArray: true, description: 'Pending payments of that gateway and exactly that amount' }) readonly candidate_payment_ids!: readonly string[];
  @DateTimeProperty() readonly detected_at!: string;
}

@ApiSchema({ name: 'RejectedSmsEvidence' })
export class RejectedSmsEvidence {
  @UuidProperty() readonly sms_id!: string;
  @TextProperty() readonly reason!: string;
  @FlagProperty() readonly readable_now!: boolean;
}

@ApiSchema({ name: 'StallEvidence' })
export class StallEvidenceData {
  @ApiProperty({ type: () => RejectedSmsEvidence, nullable: true }) readonly rejected_sms!: RejectedSmsEvidence | null;
  @UuidProperty({ isArray: true }) readonly gap_ids!: readonly string[];
  @UuidProperty({ isArray: true }) readonly silent_forwarder_ids!: readonly string[];
}

@ApiSchema({ name: 'PaymentStalledData' })
export class PaymentStalledData extends AlertData {
  @UuidProperty() readonly uuid!: string;
  @ChoiceProperty(GATEWAYS) readonly gateway!: Gateway;
  @TextProperty() readonly transaction_reference!: string;
  @PkrProperty() readonly amount_expected!: number;
  @DateTimeProperty() readonly pending_since!: string;
  @CountProperty() readonly usual_minutes!: number;
  @ChoiceProperty(STALL_REASONS) readonly reason!: StallReason;
  @ApiProperty({ type: () => StallEvidenceData }) readonly evidence!: StallEvidenceData;
  @DateTimeProperty() readonly detected_at!: string;
}

@ApiSchema({ name: 'ReviewRequiredData' })
export class ReviewRequiredData extends PaymentWebhookData {
  @UuidProperty({ description: "The alert's id (GET /admin/alerts)" }) readonly alert_id!: string;
  @ChoiceProperty(['manual_review']) override readonly status!: 'manual_review';
  @ChoiceProperty(REVIEW_REASONS) readonly review_reason!: ReviewReason;
}

export const ForwarderSilentWebhook = webhookBody(
  'ForwarderSilentWebhook',
  'A forwarding phone has sent neither SMS nor heartbeat for longer than it usually is quiet at that hour, while payments it carries are pending',
  ['forwarder.silent'],
  ForwarderSilentData,
);
export const ForwarderRecoveredWebhook = webhookBody('ForwarderRecoveredWebhook', "A silent phone spoke again; `alert_id` is its silence's", ['forwarder.recovered'], ForwarderRecoveredData);
export const SmsGapSuspectedWebhook = webhookBody(
  'SmsGapSuspectedWebhook',
  "Between two SMS of one account, the balance rose by more than any SMS seen says: a credit's SMS is missing",
  ['sms.gap_suspected'],
  SmsGapSuspectedData,
);
export const PaymentStalledWebhook = webhookBody(
  'PaymentStalledWebhook',
  "A payment pending twice as long as the tenant's payments of its gateway usually take, with the likeliest reason",
  ['payment.stalled'],
  PaymentStalledData,
);
export const ReviewRequiredWebhook = webhookBody(
  'ReviewRequiredWebhook',
  'A payment went to manual review: the payment as its webhooks show it, and why',
  ['payment.review_required'],
  ReviewRequiredData,
);

/** Every alert webhook, for the document's `AlertWebhookPayload` (one of these). */
export const ALERT_WEBHOOKS = [ForwarderSilentWebhook, ForwarderRecoveredWebhook, SmsGapSuspectedWebhook, PaymentStalledWebhook, ReviewRequiredWebhook] as const;

type ContentOf<W> = W extends WebhookBody<string, unknown> ? Pick<W, 'event' | 'data'> : never;

/** What an alert webhook says: its event, and the data of that event. */
export type AlertWebhookContent = ContentOf<InstanceType<(typeof ALERT_WEBHOOKS)[number]>>;

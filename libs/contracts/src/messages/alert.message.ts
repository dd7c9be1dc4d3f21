import 'reflect-metadata';
import { Type } from 'class-transformer';
import { IsIn, IsISO8601, IsObject, IsOptional, IsUUID, ValidateNested } from 'class-validator';
import { ALERT_WEBHOOK_EVENTS, AlertWebhookEvent } from '../events/alerts/alert-events';
import { AlertWebhookContent } from '../http/alert-webhooks';
import { MessageMetadata } from './payment-decision.message';

/** The bus topic of alerts for merchants: key = tenant id, id = the event's id (also the webhook's). */
export const ALERTS_TOPIC = 'alerts';

/** An alert as published: everything its webhook says, so the notifier reads nothing else. */
export class AlertMessage {
  @IsIn(ALERT_WEBHOOK_EVENTS) readonly event!: AlertWebhookEvent;
  @IsUUID() readonly tenantId!: string;
  /** The payment it is about, when it is about one. */
  @IsOptional() @IsUUID() readonly paymentId?: string;
  /** The webhook's `data`, as sent (the event's, in `AlertWebhookContent`). */
  @IsObject() readonly data!: AlertWebhookContent['data'];
  @IsObject() @ValidateNested() @Type(() => MessageMetadata) readonly metadata!: MessageMetadata;
  @IsISO8601({ strict: true }) readonly recordedAt!: string;
}

import 'reflect-metadata';
import { Type } from 'class-transformer';
import { IsISO8601, IsObject, IsOptional, IsString, IsUUID, MaxLength, ValidateNested } from 'class-validator';
import { MessageMetadata } from './payment-decision.message';

/** The bus topic of operators' redelivery requests, a command for the notifier: key = tenant id, id = the request's. */
export const WEBHOOK_REDELIVERIES_TOPIC = 'webhook-redeliveries';

/**
 * Send a tenant's webhooks again, now: the one delivery named, or every failed and undeliverable one of the tenant.
 * Those without a URL go to the tenant's webhook_url as the notifier knows it when it handles the request.
 */
export class WebhookRedeliveryMessage {
  @IsUUID() readonly tenantId!: string;
  @IsOptional() @IsUUID() readonly deliveryId?: string;
  /** Who asked: the operator's name. */
  @IsString() @MaxLength(200) readonly operator!: string;
  @IsObject() @ValidateNested() @Type(() => MessageMetadata) readonly metadata!: MessageMetadata;
  @IsISO8601({ strict: true }) readonly requestedAt!: string;
}

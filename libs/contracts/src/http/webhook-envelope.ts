import { Type } from '@nestjs/common';
import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import { ChoiceProperty, DateTimeProperty, UuidProperty } from './properties';

/** What every webhook carries around its data: the same bytes on every retry. */
abstract class WebhookEnvelope {
  @UuidProperty({ description: 'also the webhook-id header; the same on every retry' }) readonly id!: string;
  @DateTimeProperty() readonly created_at!: string;
}

/** A webhook body, declared once: the document's schema (under `name`) and the type its builder returns. */
export interface WebhookBody<E extends string, D> {
  readonly event: E;
  readonly id: string;
  readonly created_at: string;
  readonly data: D;
}

/** The webhook class of events named in `events`, whose data is a `data`. */
export function webhookBody<E extends string, D>(name: string, description: string, events: readonly E[], data: Type<D>): Type<WebhookBody<E, D>> {
  @ApiSchema({ name, description })
  class Webhook extends WebhookEnvelope {
    @ChoiceProperty(events) readonly event!: E;
    @ApiProperty({ type: () => data }) readonly data!: D;
  }
  return Webhook;
}

/** The body as sent: serialised once and stored, so every retry sends the same bytes. */
export function serialiseWebhook<E extends string, D>(event: E, id: string, createdAt: Date, data: D): string {
  const body: WebhookBody<E, D> = { event, id, created_at: createdAt.toISOString(), data };
  return JSON.stringify(body);
}

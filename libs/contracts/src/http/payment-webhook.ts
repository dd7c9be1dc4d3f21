import { ApiSchema } from '@nestjs/swagger';
import { GATEWAYS, Gateway } from '../gateway';
import { PAYMENT_STATUSES, PaymentStatus } from '../payment-status';
import { PAYMENT_WEBHOOK_EVENTS } from '../payment-webhook-events';
import { ChoiceProperty, DateTimeProperty, JsonObjectProperty, PkrProperty, TextProperty, UuidProperty } from './properties';
import { webhookBody } from './webhook-envelope';

/** The payment as a decision's webhook tells it (spec 6). */
@ApiSchema({ name: 'PaymentWebhookData' })
export class PaymentWebhookData {
  @UuidProperty() readonly uuid!: string;
  @ChoiceProperty(PAYMENT_STATUSES) readonly status!: PaymentStatus;
  @ChoiceProperty(GATEWAYS) readonly gateway!: Gateway;
  @TextProperty() readonly transaction_reference!: string;
  @PkrProperty() readonly amount_expected!: number;
  @PkrProperty({ nullable: true }) readonly amount_detected!: number | null;
  @DateTimeProperty({ nullable: true }) readonly verified_at!: string | null;
  @JsonObjectProperty({ nullable: true, description: 'as given at submission' }) readonly client_metadata!: Record<string, unknown> | null;
}

/** Every decision on a payment: verified (or approved), in review, failed. */
export const PaymentWebhook = webhookBody(
  'WebhookPayload',
  'The body of every payment webhook; the same bytes on every retry. De-duplicate on `id`. Fields may be added: ignore those you do not know.',
  PAYMENT_WEBHOOK_EVENTS,
  PaymentWebhookData,
);

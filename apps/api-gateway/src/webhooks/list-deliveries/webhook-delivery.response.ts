import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import { ALERT_WEBHOOK_EVENTS, PAYMENT_WEBHOOK_EVENTS } from '@pvs/contracts';
import { ATTEMPT_OUTCOMES, Attempt, DELIVERY_STATUSES, Delivery, DeliveryStatus, EndpointHealth } from '@pvs/webhook-deliveries';
import { ChoiceProperty, CountProperty, DateTimeProperty, IntegerProperty, TextProperty, UrlProperty, UuidProperty } from '@pvs/contracts/http';

const WEBHOOK_EVENTS = [...PAYMENT_WEBHOOK_EVENTS, ...ALERT_WEBHOOK_EVENTS];

/** A webhook in the notifier's outbox: where it goes, and how its sending stands. */
@ApiSchema({ name: 'WebhookDelivery' })
export class WebhookDeliveryResponse {
  @UuidProperty() readonly id!: string;
  @UuidProperty() readonly tenant_id!: string;
  @UuidProperty({ nullable: true, description: 'The payment it is about; null for an alert about no payment (a phone, a ledger)' }) readonly transaction_uuid!: string | null;
  @ChoiceProperty(WEBHOOK_EVENTS, { description: 'A payment webhook, or an alert webhook the tenant opted into' }) readonly event!: string;
  @UrlProperty({ nullable: true }) readonly url!: string | null;
  @ChoiceProperty(DELIVERY_STATUSES) readonly status!: DeliveryStatus;
  @CountProperty() readonly attempts!: number;
  @DateTimeProperty({ nullable: true }) readonly next_attempt_at!: string | null;
  @IntegerProperty({ nullable: true }) readonly last_status_code!: number | null;
  @TextProperty({ nullable: true }) readonly last_error!: string | null;
  @DateTimeProperty() readonly created_at!: string;
  @DateTimeProperty({ nullable: true }) readonly delivered_at!: string | null;

  static of(delivery: Delivery): WebhookDeliveryResponse {
    return {
      id: delivery.id,
      tenant_id: delivery.tenantId,
      transaction_uuid: delivery.paymentId,
      event: delivery.event,
      url: delivery.url,
      status: delivery.status,
      attempts: delivery.attempts,
      next_attempt_at: delivery.nextAttemptAt?.toISOString() ?? null,
      last_status_code: delivery.lastStatusCode,
      last_error: delivery.lastError,
      created_at: delivery.createdAt.toISOString(),
      delivered_at: delivery.deliveredAt?.toISOString() ?? null,
    };
  }
}

/** One try at sending a delivery. */
@ApiSchema({ name: 'WebhookAttempt' })
export class WebhookAttemptResponse {
  @CountProperty({ minimum: 1 }) readonly attempt!: number;
  @DateTimeProperty() readonly started_at!: string;
  @CountProperty() readonly duration_ms!: number;
  @IntegerProperty({ nullable: true }) readonly status_code!: number | null;
  @TextProperty({ nullable: true }) readonly error!: string | null;
  @ChoiceProperty(ATTEMPT_OUTCOMES) readonly outcome!: Attempt['outcome'];
  @DateTimeProperty({ nullable: true }) readonly next_attempt_at!: string | null;

  static of(attempt: Attempt): WebhookAttemptResponse {
    return {
      attempt: attempt.attempt,
      started_at: attempt.startedAt.toISOString(),
      duration_ms: attempt.durationMs,
      status_code: attempt.statusCode,
      error: attempt.error,
      outcome: attempt.outcome,
      next_attempt_at: attempt.nextAttemptAt?.toISOString() ?? null,
    };
  }
}

/** A delivery with the bytes it sends and every attempt at sending them. */
@ApiSchema({ name: 'WebhookDeliveryDetail' })
export class WebhookDeliveryDetailResponse extends WebhookDeliveryResponse {
  @TextProperty({ description: 'the exact bytes sent and signed' }) readonly body!: string;
  @ApiProperty({ type: [WebhookAttemptResponse] }) readonly attempts_log!: readonly WebhookAttemptResponse[];

  static withAttempts(delivery: Delivery, attempts: readonly Attempt[]): WebhookDeliveryDetailResponse {
    return { ...WebhookDeliveryResponse.of(delivery), body: delivery.body, attempts_log: attempts.map(WebhookAttemptResponse.of) };
  }
}

/** A webhook endpoint (scheme, host and port) that fails, or was disabled for failing. */
@ApiSchema({ name: 'FailingEndpoint' })
export class FailingEndpointResponse {
  @TextProperty() readonly origin!: string;
  @CountProperty() readonly consecutive_failures!: number;
  @DateTimeProperty({ nullable: true }) readonly failing_since!: string | null;
  @DateTimeProperty({ nullable: true }) readonly disabled_at!: string | null;

  static of(endpoint: EndpointHealth): FailingEndpointResponse {
    return {
      origin: endpoint.origin,
      consecutive_failures: endpoint.consecutiveFailures,
      failing_since: endpoint.failingSince?.toISOString() ?? null,
      disabled_at: endpoint.disabledAt?.toISOString() ?? null,
    };
  }
}

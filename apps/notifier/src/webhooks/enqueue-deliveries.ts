import { PaymentDecisionMessage } from '@pvs/contracts/messages';
import { activeTraceContext } from '@pvs/event-store';
import { alertIdFor } from '@pvs/domain';
import { Clock } from '@pvs/runtime';
import { TenantDirectory } from '@pvs/tenants';
import { DeliveryOutbox } from '../outbox/delivery-outbox';
import { paymentWebhookBody, reviewRequiredBody, webhookEventName } from './webhook-event';

/**
 * Turns each payment decision into its delivery in the outbox before any attempt: to the intent's callback_url,
 * else the tenant's webhook_url, else recorded as undeliverable. The message carries the payment as decided; the
 * tenant comes from the notifier's own directory. A redelivered message finds its delivery already there and adds nothing.
 */
export class EnqueueDeliveries {
  constructor(
    private readonly tenants: TenantDirectory,
    private readonly outbox: DeliveryOutbox,
    private readonly clock: Clock,
    private readonly onEnqueued: () => void,
  ) {}

  /** `id`: the message's, the decision event's id. */
  async handle(id: string, decision: PaymentDecisionMessage): Promise<void> {
    const event = webhookEventName(decision.type);
    if (!event) return;
    const { paymentId, payment } = decision;
    const tenant = await this.tenants.find(payment.tenantId);
    const url = payment.callbackUrl ?? tenant?.webhookUrl ?? null;
    const createdAt = new Date(decision.recordedAt);
    const { correlationId } = decision.metadata;
    // Each attempt joins the decision's trace.
    const trace = activeTraceContext();
    const delivery = { id, tenantId: payment.tenantId, paymentId, correlationId, ...trace, event, url, body: paymentWebhookBody(event, id, createdAt, paymentId, payment) };
    if (await this.outbox.enqueue(delivery, this.clock.now())) this.onEnqueued();
    if (payment.reviewReason !== null && tenant?.alertWebhooks.includes('payment.review_required')) {
      // The alert too, to the tenant's webhook_url, for a merchant who opted into it: named by the alert, sent once.
      const alertId = alertIdFor('payment.review_required', paymentId);
      const body = reviewRequiredBody(alertId, createdAt, paymentId, payment, payment.reviewReason);
      const review = { id: alertId, tenantId: payment.tenantId, paymentId, correlationId, ...trace, event: 'payment.review_required', url: tenant.webhookUrl, body };
      if (await this.outbox.enqueue(review, this.clock.now())) this.onEnqueued();
    }
  }
}

import { isPaymentFlaggedForReview, paymentStream } from '@pvs/contracts';
import { PaymentDecisionMessage } from '@pvs/contracts/messages';
import { EventStore, activeTraceContext, foldStream } from '@pvs/event-store';
import { alertIdFor, paymentDecider } from '@pvs/domain';
import { Clock } from '@pvs/runtime';
import { TenantDirectory } from '@pvs/tenants';
import { DeliveryOutbox } from '@pvs/webhook-deliveries';
import { reviewRequiredData, webhookBody, webhookEnvelope, webhookEventName } from './webhook-event';

/**
 * Turns each payment decision into its delivery in the outbox before any attempt: to the
 * intent's callback_url, else the tenant's webhook_url, else recorded as undeliverable.
 * A redelivered message finds its delivery already there and adds nothing.
 */
export class EnqueueDeliveries {
  constructor(
    private readonly events: EventStore,
    private readonly tenants: TenantDirectory,
    private readonly outbox: DeliveryOutbox,
    private readonly clock: Clock,
    private readonly onEnqueued: () => void,
  ) {}

  /** `id`: the message's, the decision event's id. */
  async handle(id: string, decision: PaymentDecisionMessage): Promise<void> {
    const event = webhookEventName(decision.type);
    if (!event) return;
    const history = await this.events.readStream(paymentStream(decision.paymentId));
    const { state: payment } = foldStream(history.filter((e) => e.streamVersion <= decision.streamVersion), paymentDecider);
    if (!payment) throw new Error(`Decision ${id} names payment ${decision.paymentId}, which has no intent`);
    const tenant = await this.tenants.find(payment.tenantId);
    const url = payment.intent.callbackUrl ?? tenant?.webhookUrl ?? null;
    const createdAt = new Date(decision.recordedAt);
    const body = webhookBody(event, id, createdAt, payment);
    const { correlationId } = decision.metadata;
    // Each attempt joins the decision's trace.
    const trace = activeTraceContext();
    const added = await this.outbox.enqueue({ id, tenantId: payment.tenantId, paymentId: payment.uuid, correlationId, ...trace, event, url, body }, this.clock.now());
    if (added) this.onEnqueued();
    const flagged = history.find((recorded) => recorded.streamVersion === decision.streamVersion);
    if (flagged && isPaymentFlaggedForReview(flagged) && tenant?.alertWebhooks.includes('payment.review_required')) {
      // The alert too, to the tenant's webhook_url, for a merchant who opted into it: named by the alert, sent once.
      const alertId = alertIdFor('payment.review_required', payment.uuid);
      const alert = webhookEnvelope('payment.review_required', alertId, createdAt, reviewRequiredData(alertId, payment, flagged.data.reason));
      const review = { id: alertId, tenantId: payment.tenantId, paymentId: payment.uuid, correlationId, ...trace, event: 'payment.review_required', url: tenant.webhookUrl, body: alert };
      if (await this.outbox.enqueue(review, this.clock.now())) this.onEnqueued();
    }
  }
}

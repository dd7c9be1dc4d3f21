import { PaymentDecisionMessage, paymentStream } from '@pvs/contracts';
import { EventStore } from '@pvs/event-store';
import { BusMessage } from '@pvs/messaging';
import { foldPayment } from '@pvs/payments';
import { Clock } from '@pvs/runtime';
import { TenantDirectory } from '@pvs/tenants';
import { DeliveryOutbox } from '@pvs/webhook-deliveries';
import { webhookBody, webhookEventName } from './webhook-event';

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

  async handle(message: BusMessage): Promise<void> {
    const decision = message.payload as PaymentDecisionMessage;
    const event = webhookEventName(decision.type);
    if (!event) return;
    const history = await this.events.readStream(paymentStream(decision.paymentId));
    const payment = foldPayment(history.filter((e) => e.streamVersion <= decision.streamVersion));
    if (!payment) throw new Error(`Decision ${message.id} names payment ${decision.paymentId}, which has no intent`);
    const tenant = await this.tenants.find(payment.tenantId);
    const url = payment.intent.callbackUrl ?? tenant?.webhookUrl ?? null;
    const body = webhookBody(event, message.id, new Date(decision.recordedAt), payment);
    const added = await this.outbox.enqueue(
      { id: message.id, tenantId: payment.tenantId, paymentId: payment.uuid, correlationId: decision.metadata.correlationId, event, url, body },
      this.clock.now(),
    );
    if (added) this.onEnqueued();
  }
}

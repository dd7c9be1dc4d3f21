import { serialiseWebhook } from '@pvs/contracts/http';
import { AlertMessage } from '@pvs/contracts/messages';
import { Clock } from '@pvs/runtime';
import { TenantDirectory } from '@pvs/tenants';
import { DeliveryOutbox } from '../outbox/delivery-outbox';

/**
 * Turns each alert a tenant opted into into its delivery to the tenant's webhook_url, before any attempt; an alert
 * the tenant did not opt into is dropped. A redelivered message finds its delivery already there and adds nothing.
 */
export class EnqueueAlertDeliveries {
  constructor(
    private readonly tenants: TenantDirectory,
    private readonly outbox: DeliveryOutbox,
    private readonly clock: Clock,
    private readonly onEnqueued: () => void,
  ) {}

  /** `id`: the message's, the alert event's id. */
  async handle(id: string, alert: AlertMessage): Promise<void> {
    const tenant = await this.tenants.find(alert.tenantId);
    if (!tenant?.alertWebhooks.includes(alert.event)) return;
    const body = serialiseWebhook(alert.event, id, new Date(alert.recordedAt), alert.data);
    const delivery = { id, tenantId: alert.tenantId, paymentId: alert.paymentId ?? null, correlationId: alert.metadata.correlationId, event: alert.event, url: tenant.webhookUrl, body };
    if (await this.outbox.enqueue(delivery, this.clock.now())) this.onEnqueued();
  }
}

import { WebhookRedeliveryMessage } from '@pvs/contracts/messages';
import { Clock } from '@pvs/runtime';
import { TenantDirectory } from '@pvs/tenants';
import { DeliveryOutbox } from '../outbox/delivery-outbox';

/** An operator's redelivery request: the deliveries it covers are due again now, those without a URL to the tenant's webhook_url. */
export class RedeliverWebhooks {
  constructor(
    private readonly tenants: TenantDirectory,
    private readonly outbox: DeliveryOutbox,
    private readonly clock: Clock,
    private readonly onDue: () => void,
  ) {}

  /** `id`: the message's, the request's id. */
  async handle(id: string, request: WebhookRedeliveryMessage): Promise<void> {
    const fallback = (await this.tenants.find(request.tenantId))?.webhookUrl ?? null;
    const due = await this.outbox.redeliver({ ...request, id, requestedAt: new Date(request.requestedAt) }, fallback, this.clock.now());
    if (due.length > 0) this.onDue();
  }
}

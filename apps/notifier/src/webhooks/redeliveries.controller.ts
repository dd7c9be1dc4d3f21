import { Controller, Inject, UseInterceptors } from '@nestjs/common';
import { Ctx, EventPattern, Payload } from '@nestjs/microservices';
import { WEBHOOK_REDELIVERIES_TOPIC, WebhookRedeliveryMessage, readMessage } from '@pvs/contracts/messages';
import { AtLeastOnceDelivery, messageIdOf } from '@pvs/messaging';
import { RedeliverWebhooks } from './redeliver-webhooks';

/** Operators' requests (through the gateway) to send webhooks again. */
@Controller()
export class RedeliveriesController {
  constructor(@Inject(RedeliverWebhooks) private readonly redeliveries: RedeliverWebhooks) {}

  @EventPattern(WEBHOOK_REDELIVERIES_TOPIC)
  @UseInterceptors(AtLeastOnceDelivery)
  async redeliver(@Payload() payload: unknown, @Ctx() context: unknown): Promise<void> {
    await this.redeliveries.handle(messageIdOf(context), readMessage(WebhookRedeliveryMessage, payload));
  }
}

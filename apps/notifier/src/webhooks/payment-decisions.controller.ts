import { Controller, Inject, UseInterceptors } from '@nestjs/common';
import { Ctx, EventPattern, Payload } from '@nestjs/microservices';
import { PAYMENT_DECISIONS_TOPIC, PaymentDecisionMessage, readMessage } from '@pvs/contracts/messages';
import { AtLeastOnceDelivery, messageIdOf } from '@pvs/messaging';
import { NOTIFIER, Notifier } from '../notifier';

/** The notifier's one bus consumer: each payment decision becomes a delivery in the outbox. */
@Controller()
export class PaymentDecisionsController {
  constructor(@Inject(NOTIFIER) private readonly notifier: Notifier) {}

  @EventPattern(PAYMENT_DECISIONS_TOPIC)
  @UseInterceptors(AtLeastOnceDelivery)
  async enqueue(@Payload() payload: unknown, @Ctx() context: unknown): Promise<void> {
    await this.notifier.deliveries.handle(messageIdOf(context), readMessage(PaymentDecisionMessage, payload));
  }
}

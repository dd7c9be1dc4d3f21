import { Controller, Inject, UseInterceptors } from '@nestjs/common';
import { Ctx, EventPattern, Payload } from '@nestjs/microservices';
import { PAYMENT_DECISIONS_TOPIC, PaymentDecisionMessage, readMessage } from '@pvs/contracts/messages';
import { AtLeastOnceDelivery, messageIdOf } from '@pvs/messaging';
import { SpanKind, inSpan } from '@pvs/observability/tracing';
import { NOTIFIER, Notifier } from '../notifier';

/** The notifier's one bus consumer: each payment decision becomes a delivery in the outbox. */
@Controller()
export class PaymentDecisionsController {
  constructor(@Inject(NOTIFIER) private readonly notifier: Notifier) {}

  @EventPattern(PAYMENT_DECISIONS_TOPIC)
  @UseInterceptors(AtLeastOnceDelivery)
  async enqueue(@Payload() payload: unknown, @Ctx() context: unknown): Promise<void> {
    const decision = readMessage(PaymentDecisionMessage, payload);
    const span = { kind: SpanKind.CONSUMER, attributes: { 'pvs.payment_id': decision.paymentId } };
    await inSpan(`notify ${decision.type}`, decision.metadata, span, () => this.notifier.deliveries.handle(messageIdOf(context), decision));
  }
}

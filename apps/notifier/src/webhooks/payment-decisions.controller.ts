import { Controller, Inject, UseInterceptors } from '@nestjs/common';
import { Ctx, EventPattern, Payload } from '@nestjs/microservices';
import { PAYMENT_DECISIONS_TOPIC, PaymentDecisionMessage, readMessage } from '@pvs/contracts/messages';
import { AtLeastOnceDelivery, messageIdOf } from '@pvs/messaging';
import { SpanKind, inSpan } from '@pvs/observability/tracing';
import { EnqueueDeliveries } from './enqueue-deliveries';

/** Payment decisions: each one becomes a delivery in the outbox. */
@Controller()
export class PaymentDecisionsController {
  constructor(@Inject(EnqueueDeliveries) private readonly deliveries: EnqueueDeliveries) {}

  @EventPattern(PAYMENT_DECISIONS_TOPIC)
  @UseInterceptors(AtLeastOnceDelivery)
  async enqueue(@Payload() payload: unknown, @Ctx() context: unknown): Promise<void> {
    const decision = readMessage(PaymentDecisionMessage, payload);
    const span = { kind: SpanKind.CONSUMER, attributes: { 'pvs.payment_id': decision.paymentId } };
    await inSpan(`notify ${decision.type}`, decision.metadata, span, () => this.deliveries.handle(messageIdOf(context), decision));
  }
}

import { Controller, Inject, UseInterceptors } from '@nestjs/common';
import { Ctx, EventPattern, Payload } from '@nestjs/microservices';
import { ALERTS_TOPIC, AlertMessage, readMessage } from '@pvs/contracts/messages';
import { AtLeastOnceDelivery, messageIdOf } from '@pvs/messaging';
import { EnqueueAlertDeliveries } from './enqueue-alert-deliveries';

/** Alerts for merchants: each one a tenant opted into becomes a delivery in the outbox. */
@Controller()
export class AlertsController {
  constructor(@Inject(EnqueueAlertDeliveries) private readonly alerts: EnqueueAlertDeliveries) {}

  @EventPattern(ALERTS_TOPIC)
  @UseInterceptors(AtLeastOnceDelivery)
  async enqueue(@Payload() payload: unknown, @Ctx() context: unknown): Promise<void> {
    await this.alerts.handle(messageIdOf(context), readMessage(AlertMessage, payload));
  }
}

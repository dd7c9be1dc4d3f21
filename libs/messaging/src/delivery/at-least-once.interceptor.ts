import { setTimeout as sleep } from 'node:timers/promises';
import { CallHandler, ExecutionContext, Inject, Injectable, NestInterceptor } from '@nestjs/common';
import { KafkaContext } from '@nestjs/microservices';
import { Observable, defer, lastValueFrom } from 'rxjs';
import { MalformedMessageError } from '@pvs/contracts/messages';
import { MESSAGE_ID_HEADER } from '../bus-message';
import { BUS_TRANSPORT, BusTransport } from '../bus-transport';
import { InProcessContext } from '../in-process/in-process.context';
import { kafkaDelivery } from '../kafka/kafka-delivery';
import { DeliveryControl } from './delivery-control';

/**
 * Every bus handler's delivery, on either transport: the message is marked handled only after its handler
 * succeeded; a failing handler is tried again, with a growing pause, up to the transport's attempts; then it
 * is given up (Kafka: to the topic's dead-letter topic with the reason, past which the partition moves on).
 * A message that cannot be read (MalformedMessageError) is given up at once: no retry can help it.
 */
@Injectable()
export class AtLeastOnceDelivery implements NestInterceptor {
  constructor(@Inject(BUS_TRANSPORT) private readonly transport: BusTransport) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const delivery = deliveryOf(context.switchToRpc().getContext());
    const { maxAttempts, retryDelayMs } = this.transport.policy;
    return defer(async () => {
      for (let attempt = 1; ; attempt++) {
        try {
          const result = await lastValueFrom(next.handle(), { defaultValue: undefined });
          await delivery.commit();
          return result;
        } catch (error) {
          const unreadable = error instanceof MalformedMessageError;
          if (unreadable || attempt >= maxAttempts) return delivery.giveUp(error, unreadable);
          await delivery.heartbeat();
          await sleep(retryDelayMs * attempt);
        }
      }
    });
  }
}

function deliveryOf(context: unknown): DeliveryControl {
  if (context instanceof KafkaContext) return kafkaDelivery(context);
  if (context instanceof InProcessContext) return context.delivery;
  throw new Error('A bus handler ran on a transport without delivery control');
}

/** The id the publisher gave the message (the fact it carries), on either transport. */
export function messageIdOf(context: unknown): string {
  if (context instanceof InProcessContext) return context.message.id;
  if (context instanceof KafkaContext) {
    const id: unknown = context.getMessage().headers?.[MESSAGE_ID_HEADER];
    if (typeof id === 'string') return id;
    if (Buffer.isBuffer(id)) return id.toString('utf8');
  }
  throw new MalformedMessageError(`The message has no ${MESSAGE_ID_HEADER} header`);
}

import { CustomTransportStrategy, RpcException, Server } from '@nestjs/microservices';
import { isObservable, lastValueFrom } from 'rxjs';
import { BusMessage } from '../bus-message';
import { DeliveryControl, describeFailure } from '../delivery/delivery-control';
import { InProcessBroker } from './in-process-broker';
import { InProcessContext } from './in-process.context';

/** Nest's microservice server on the in-process broker: the same @EventPattern handlers as on Kafka. */
export class InProcessServer extends Server implements CustomTransportStrategy {
  private detach: (() => void) | null = null;

  constructor(readonly broker: InProcessBroker) {
    super();
  }

  override listen(callback: () => void): void {
    this.detach ??= this.broker.attach({ deliver: (message) => this.deliver(message) });
    callback();
  }

  override close(): void {
    this.detach?.();
    this.detach = null;
  }

  /** Resolves once the handler is done (Nest's base server would not wait), and fails when it gave up. */
  private async deliver(message: BusMessage): Promise<void> {
    const handler = this.getHandlerByPattern(message.topic);
    if (!handler) return;
    const delivery: DeliveryControl = {
      commit: async () => undefined,
      heartbeat: async () => undefined,
      giveUp: async (reason, unreadable) => {
        // Through Nest's exception filter, an RpcException reaches the publisher as the error itself.
        if (!unreadable) throw new RpcException(reason instanceof Error ? reason : describeFailure(reason));
        this.logger.error(`Message ${message.id} on ${message.topic} set aside: ${describeFailure(reason)}`);
        this.broker.deadLetter({ message, reason: describeFailure(reason) });
      },
    };
    const result: unknown = await handler(message.payload, new InProcessContext([message, delivery]));
    if (isObservable(result)) await lastValueFrom(result, { defaultValue: undefined });
  }

  override on(): never {
    throw new Error('The in-process transport has no events to listen to');
  }

  override unwrap(): never {
    throw new Error('The in-process transport wraps no client');
  }
}

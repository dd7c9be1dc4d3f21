import { BaseRpcContext } from '@nestjs/microservices';
import { BusMessage } from '../bus-message';
import { DeliveryControl } from '../delivery/delivery-control';

/** The RPC context of a message on the in-process bus. */
export class InProcessContext extends BaseRpcContext<[BusMessage, DeliveryControl]> {
  get message(): BusMessage {
    return this.args[0];
  }

  get delivery(): DeliveryControl {
    return this.args[1];
  }
}

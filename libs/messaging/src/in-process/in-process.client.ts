import { ClientProxy, ReadPacket } from '@nestjs/microservices';
import { MESSAGE_ID_HEADER } from '../bus-message';
import { InProcessBroker } from './in-process-broker';

/** Nest's client on the in-process broker: emit only (the services talk in events, never request-response). */
export class InProcessClient extends ClientProxy {
  constructor(private readonly broker: InProcessBroker) {
    super();
  }

  override async connect(): Promise<void> {
    await this.broker.ping();
  }

  override close(): void {
    this.broker.close();
  }

  // Nest's signature lets the caller name any result; an event resolves to none.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  protected override async dispatchEvent(packet: ReadPacket<unknown>): Promise<any> {
    const { key, value, id } = outgoing(packet.data);
    await this.broker.publish({ topic: String(packet.pattern), key, id, payload: value });
  }

  protected override publish(): never {
    throw new Error('The in-process transport carries events only');
  }

  override on(): never {
    throw new Error('The in-process transport has no events to listen to');
  }

  override unwrap(): never {
    throw new Error('The in-process transport wraps no client');
  }
}

/** The record publishMessage emits: key, value and the message id header. */
function outgoing(data: unknown): { key: string; value: unknown; id: string } {
  if (typeof data === 'object' && data !== null && 'key' in data && 'value' in data && 'headers' in data) {
    const { key, value, headers } = data;
    const id = typeof headers === 'object' && headers !== null && MESSAGE_ID_HEADER in headers ? headers[MESSAGE_ID_HEADER] : undefined;
    if (typeof key === 'string' && typeof id === 'string') return { key, value, id };
  }
  throw new TypeError('Publish bus messages with publishMessage');
}

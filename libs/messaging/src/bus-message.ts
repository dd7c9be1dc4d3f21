import { lastValueFrom } from 'rxjs';
import { BusClient } from './bus-transport';

/** The header that carries a message's id on every transport. */
export const MESSAGE_ID_HEADER = 'message-id';

export interface BusMessage<Payload = unknown> {
  readonly topic: string;
  /** Messages with one key are delivered in order (a payment id, say). */
  readonly key: string;
  /** Stable per fact, so a consumer can drop a redelivery. */
  readonly id: string;
  readonly payload: Payload;
}

/** What a Nest client emits for a message: Kafka's record shape, which the in-process client reads too. */
export interface OutgoingMessage {
  readonly key: string;
  readonly value: unknown;
  readonly headers: { readonly [MESSAGE_ID_HEADER]: string };
}

/** Publishes through the process's Nest client; resolves once the transport has the message (Kafka: all in-sync replicas). */
export async function publishMessage(client: BusClient, message: BusMessage): Promise<void> {
  const outgoing: OutgoingMessage = { key: message.key, value: message.payload, headers: { [MESSAGE_ID_HEADER]: message.id } };
  await lastValueFrom(client.emit(message.topic, outgoing), { defaultValue: undefined });
}

export const MESSAGE_BUS = Symbol('MESSAGE_BUS');

export interface BusMessage<Payload = unknown> {
  readonly topic: string;
  /** Messages with one key are delivered in order (a payment id, say). */
  readonly key: string;
  /** Stable per fact, so a consumer can drop a redelivery. */
  readonly id: string;
  readonly payload: Payload;
}

export type MessageHandler = (message: BusMessage) => Promise<void>;

/** Publishes facts to other services; in-process when embedded, Kafka when distributed. */
export interface MessageBus {
  publish(message: BusMessage): Promise<void>;
  subscribe(topic: string, group: string, handler: MessageHandler): Promise<void>;
  ping(): Promise<void>;
  close(): Promise<void>;
}

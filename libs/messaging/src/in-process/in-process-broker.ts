import { BusMessage } from '../bus-message';

/** A consumer of the broker: every one gets every message (as one consumer group each on Kafka). */
export interface InProcessConsumer {
  deliver(message: BusMessage): Promise<void>;
}

export interface DeadLetter {
  readonly message: BusMessage;
  readonly reason: string;
}

/**
 * The bus of the embedded mode. A publish resolves once every consumer has handled the message, and fails
 * when one of them gave up on it: the publisher (whose outbox is the event store) then tries again later, so
 * nothing is lost in a process that keeps no queue. Only a message no consumer can read is set aside.
 */
export class InProcessBroker {
  private readonly consumers = new Set<InProcessConsumer>();
  private readonly setAside: DeadLetter[] = [];
  private closed = false;

  attach(consumer: InProcessConsumer): () => void {
    this.consumers.add(consumer);
    return () => this.consumers.delete(consumer);
  }

  async publish(message: BusMessage): Promise<void> {
    this.ensureOpen();
    await Promise.all([...this.consumers].map((consumer) => consumer.deliver(message)));
  }

  deadLetter(letter: DeadLetter): void {
    this.setAside.push(letter);
  }

  /** The messages set aside as unreadable, oldest first. */
  get deadLetters(): readonly DeadLetter[] {
    return this.setAside;
  }

  async ping(): Promise<void> {
    this.ensureOpen();
  }

  close(): void {
    this.closed = true;
  }

  private ensureOpen(): void {
    if (this.closed) throw new Error('The message bus is closed');
  }
}

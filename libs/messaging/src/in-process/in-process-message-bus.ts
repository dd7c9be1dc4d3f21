import { BusMessage, MessageBus, MessageHandler } from '../message-bus.port';

/** The bus of the embedded mode: each group of a topic gets every message; a publish resolves once all have handled it. */
export class InProcessMessageBus implements MessageBus {
  private readonly groups = new Map<string, Map<string, MessageHandler>>();
  private closed = false;

  async publish(message: BusMessage): Promise<void> {
    if (this.closed) throw new Error('The message bus is closed');
    const handlers = [...(this.groups.get(message.topic)?.values() ?? [])];
    await Promise.all(handlers.map((handle) => handle(message)));
  }

  async subscribe(topic: string, group: string, handler: MessageHandler): Promise<void> {
    const groups = this.groups.get(topic) ?? new Map<string, MessageHandler>();
    groups.set(group, handler);
    this.groups.set(topic, groups);
  }

  async ping(): Promise<void> {
    if (this.closed) throw new Error('The message bus is closed');
  }

  async close(): Promise<void> {
    this.closed = true;
  }
}

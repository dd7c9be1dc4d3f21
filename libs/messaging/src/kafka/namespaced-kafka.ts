import { ClientKafka, IncomingEvent, IncomingRequest, KafkaOptions, OutgoingEvent, ServerKafka } from '@nestjs/microservices';
import { KafkaRequestDeserializer } from '@nestjs/microservices/deserializers/kafka-request.deserializer';
import { Consumer } from 'kafkajs';

type KafkaTransportOptions = Required<KafkaOptions>['options'];

/**
 * Nest's Kafka server on the topics of one namespace (`<namespace><topic>`, so several deployments or test
 * runs share a cluster). Handlers keep the plain topic as their pattern: the consumer subscribes to the
 * namespaced topics (the one part of ServerKafka rewritten here), and incoming messages are routed back to
 * the plain pattern by the deserializer.
 */
export class NamespacedServerKafka extends ServerKafka {
  constructor(
    private readonly namespace: string,
    options: KafkaTransportOptions,
  ) {
    super({ ...options, deserializer: new NamespacedDeserializer(namespace) });
  }

  override async bindEvents(consumer: Consumer): Promise<void> {
    const topics = [...this.messageHandlers.keys()].map((topic) => `${this.namespace}${topic}`);
    if (topics.length > 0) await consumer.subscribe({ ...this.options.subscribe, topics });
    await consumer.run({ ...this.options.run, eachMessage: this.getMessageHandler() });
  }
}

/** Nest's Kafka client publishing to the namespace's topics. */
export class NamespacedClientKafka extends ClientKafka {
  constructor(
    private readonly namespace: string,
    options: KafkaTransportOptions,
  ) {
    super(options);
  }

  protected override dispatchEvent(packet: OutgoingEvent): Promise<unknown> {
    return super.dispatchEvent({ ...packet, pattern: `${this.namespace}${this.normalizePattern(packet.pattern)}` });
  }
}

class NamespacedDeserializer extends KafkaRequestDeserializer {
  constructor(private readonly namespace: string) {
    super();
  }

  override mapToSchema(data: Parameters<KafkaRequestDeserializer['mapToSchema']>[0], options?: Record<string, unknown>): IncomingRequest | IncomingEvent {
    const channel = options?.channel;
    const topic = typeof channel === 'string' && channel.startsWith(this.namespace) ? channel.slice(this.namespace.length) : channel;
    return super.mapToSchema(data, { ...options, channel: topic });
  }
}

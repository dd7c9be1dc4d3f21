import { Admin, Consumer, Kafka, KafkaMessage, Producer, logLevel } from 'kafkajs';
import { BusMessage, MessageBus, MessageHandler } from '../message-bus.port';

export interface KafkaTopic {
  readonly name: string;
  readonly partitions: number;
}

export interface KafkaMessageBusOptions {
  readonly brokers: readonly string[];
  readonly clientId: string;
  /** Created at connect when missing, each with a `<name>.dlq` dead-letter topic of one partition. */
  readonly topics: readonly KafkaTopic[];
  /** Attempts at one message before it goes to the dead-letter topic. */
  readonly maxAttempts?: number;
  readonly retryDelayMs?: number;
  /** Prefixed to every topic and consumer group name, so several deployments can share a cluster. */
  readonly namespace?: string;
}

const DEAD_LETTER_SUFFIX = '.dlq';

/**
 * The bus on Kafka (kafkajs). Messages are keyed, so one key's messages stay in one partition, in
 * order; the producer is idempotent and waits for all in-sync replicas. Consumers run in consumer
 * groups and commit a message's offset only after its handler succeeded; a message that keeps
 * failing goes, after `maxAttempts`, to `<topic>.dlq` so its partition moves on.
 */
export class KafkaMessageBus implements MessageBus {
  private readonly consumers: Consumer[] = [];

  private constructor(
    private readonly kafka: Kafka,
    private readonly admin: Admin,
    private readonly producer: Producer,
    private readonly options: KafkaMessageBusOptions,
  ) {}

  static async connect(options: KafkaMessageBusOptions): Promise<KafkaMessageBus> {
    const kafka = new Kafka({
      clientId: options.clientId,
      brokers: [...options.brokers],
      // kafkajs logs protocol errors it then handles itself (a topic created by another process, a
      // coordinator still loading); real failures reach us as exceptions, and are logged there.
      logLevel: logLevel.NOTHING,
      retry: { retries: 5, initialRetryTime: 200 },
    });
    const admin = kafka.admin();
    await admin.connect();
    const existing = new Set(await admin.listTopics());
    const namespace = options.namespace ?? '';
    const wanted = options.topics.flatMap((topic) => [
      { topic: `${namespace}${topic.name}`, numPartitions: topic.partitions },
      { topic: `${namespace}${topic.name}${DEAD_LETTER_SUFFIX}`, numPartitions: 1 },
    ]);
    const missing = wanted.filter((topic) => !existing.has(topic.topic));
    if (missing.length > 0) await admin.createTopics({ topics: missing, waitForLeaders: true });
    const producer = kafka.producer({ idempotent: true, maxInFlightRequests: 1, allowAutoTopicCreation: false });
    await producer.connect();
    return new KafkaMessageBus(kafka, admin, producer, options);
  }

  private named(name: string): string {
    return `${this.options.namespace ?? ''}${name}`;
  }

  async publish(message: BusMessage): Promise<void> {
    await this.producer.send({
      topic: this.named(message.topic),
      acks: -1,
      messages: [{ key: message.key, value: JSON.stringify(message.payload), headers: { 'message-id': message.id } }],
    });
  }

  async subscribe(topic: string, group: string, handler: MessageHandler): Promise<void> {
    const consumer = this.kafka.consumer({ groupId: this.named(group), allowAutoTopicCreation: false });
    await consumer.connect();
    await consumer.subscribe({ topic: this.named(topic), fromBeginning: true });
    await consumer.run({
      autoCommit: false,
      eachMessage: async ({ topic: physical, partition, message, heartbeat }) => {
        await this.handleWithRetries(topic, message, handler, heartbeat);
        await consumer.commitOffsets([{ topic: physical, partition, offset: (BigInt(message.offset) + 1n).toString() }]);
      },
    });
    this.consumers.push(consumer);
  }

  private async handleWithRetries(topic: string, message: KafkaMessage, handler: MessageHandler, heartbeat: () => Promise<void>): Promise<void> {
    const busMessage: BusMessage = {
      topic,
      key: message.key?.toString('utf8') ?? '',
      id: message.headers?.['message-id']?.toString() ?? `${topic}:${message.offset}`,
      payload: JSON.parse(message.value?.toString('utf8') ?? 'null'),
    };
    const maxAttempts = this.options.maxAttempts ?? 5;
    for (let attempt = 1; ; attempt++) {
      try {
        await handler(busMessage);
        return;
      } catch (error) {
        if (attempt >= maxAttempts) {
          await this.deadLetter(topic, message, error);
          return;
        }
        await heartbeat();
        await new Promise((resolve) => setTimeout(resolve, (this.options.retryDelayMs ?? 500) * attempt));
      }
    }
  }

  private async deadLetter(topic: string, message: KafkaMessage, error: unknown): Promise<void> {
    await this.producer.send({
      topic: this.named(`${topic}${DEAD_LETTER_SUFFIX}`),
      acks: -1,
      messages: [
        {
          key: message.key,
          value: message.value,
          headers: {
            ...message.headers,
            'dead-letter-reason': error instanceof Error ? error.message : String(error),
            'original-offset': message.offset,
          },
        },
      ],
    });
  }

  async ping(): Promise<void> {
    await this.admin.describeCluster();
  }

  async close(): Promise<void> {
    await Promise.all(this.consumers.map((consumer) => consumer.disconnect()));
    await this.producer.disconnect();
    await this.admin.disconnect();
  }
}

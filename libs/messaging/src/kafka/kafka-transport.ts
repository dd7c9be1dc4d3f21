import { Kafka, logLevel } from 'kafkajs';
import { BusTransport, DeliveryPolicy } from '../bus-transport';
import { DEAD_LETTER_SUFFIX } from './kafka-delivery';
import { NamespacedClientKafka, NamespacedServerKafka } from './namespaced-kafka';

export interface KafkaTopic {
  readonly name: string;
  readonly partitions: number;
}

export interface KafkaTransportSettings {
  readonly brokers: readonly string[];
  /** The service: its client id, and the consumer group of its handlers. */
  readonly clientId: string;
  /** Created at connect when missing, each with a `<name>.dlq` dead-letter topic of one partition. */
  readonly topics: readonly KafkaTopic[];
  /** Prefixed to every topic and consumer group name, so several deployments can share a cluster. */
  readonly namespace?: string;
  readonly delivery?: Partial<DeliveryPolicy>;
}

const DEFAULT_POLICY: DeliveryPolicy = { maxAttempts: 5, retryDelayMs: 500 };

/**
 * The bus on Kafka, through Nest's transporter. Messages are keyed, so one key's messages stay in one partition,
 * in order; the producer is idempotent and waits for all in-sync replicas. The service's handlers run in one
 * consumer group named after it (no `-server` suffix), without auto-commit: AtLeastOnceDelivery commits a
 * message's offset only after its handler succeeded, or after it went to the dead-letter topic.
 */
export async function connectKafkaTransport(settings: KafkaTransportSettings): Promise<BusTransport> {
  const namespace = settings.namespace ?? '';
  // kafkajs logs protocol errors it then handles itself (a topic created by another process, a coordinator
  // still loading); real failures reach us as exceptions, and are logged there.
  const client = { clientId: settings.clientId, brokers: [...settings.brokers], logLevel: logLevel.NOTHING, retry: { retries: 5, initialRetryTime: 200 } };
  const admin = new Kafka(client).admin();
  await admin.connect();
  try {
    const existing = new Set(await admin.listTopics());
    const wanted = settings.topics.flatMap((topic) => [
      { topic: `${namespace}${topic.name}`, numPartitions: topic.partitions },
      { topic: `${namespace}${topic.name}${DEAD_LETTER_SUFFIX}`, numPartitions: 1 },
    ]);
    const missing = wanted.filter((topic) => !existing.has(topic.topic));
    if (missing.length > 0) await admin.createTopics({ topics: missing, waitForLeaders: true });
  } catch (error) {
    await admin.disconnect();
    throw error;
  }
  const producer = { idempotent: true, maxInFlightRequests: 1, allowAutoTopicCreation: false };
  const server = new NamespacedServerKafka(namespace, {
    client,
    postfixId: '',
    consumer: { groupId: `${namespace}${settings.clientId}`, allowAutoTopicCreation: false },
    subscribe: { fromBeginning: true },
    run: { autoCommit: false },
    producer,
    send: { acks: -1 },
  });
  const publisher = new NamespacedClientKafka(namespace, { client, postfixId: '', producer, producerOnlyMode: true, send: { acks: -1 } });
  return {
    server,
    client: publisher,
    policy: { ...DEFAULT_POLICY, ...settings.delivery },
    async ping() {
      await admin.describeCluster();
    },
    async close() {
      await publisher.close();
      await admin.disconnect();
    },
  };
}

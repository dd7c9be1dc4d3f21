import { randomUUID } from 'node:crypto';
import { Kafka, logLevel } from 'kafkajs';
import { describeWith, requireServiceAddress, waitUntil } from '@pvs/testing';
import { publishMessage } from '../bus-message';
import { CONTRACT_TOPIC, busContract, startContractConsumer } from '../testing/bus.contract';
import { DEAD_LETTER_SUFFIX } from './kafka-delivery';
import { connectKafkaTransport } from './kafka-transport';

/** Every message of a topic from its start, read by a group of its own. */
async function readTopic(brokers: string[], topic: string, into: { id: string; reason: string }[]) {
  const consumer = new Kafka({ brokers, logLevel: logLevel.NOTHING }).consumer({ groupId: `reader-${randomUUID()}` });
  await consumer.connect();
  await consumer.subscribe({ topic, fromBeginning: true });
  await consumer.run({
    eachMessage: async ({ message }) => {
      into.push({ id: String(message.headers?.['message-id']), reason: String(message.headers?.['dead-letter-reason']) });
    },
  });
  return consumer;
}

describeWith('kafka', 'the Kafka transport (Nest ServerKafka and ClientKafka) on a real broker', () => {
  const brokers = () => requireServiceAddress('kafka').split(',');

  busContract(
    'Kafka transport',
    async (delivery) => {
      const namespace = `test-${randomUUID()}.`;
      const transport = await connectKafkaTransport({ brokers: brokers(), clientId: 'contract', namespace, topics: [{ name: CONTRACT_TOPIC, partitions: 3 }], delivery });
      const letters: { id: string; reason: string }[] = [];
      const reader = await readTopic(brokers(), `${namespace}${CONTRACT_TOPIC}${DEAD_LETTER_SUFFIX}`, letters);
      return {
        transport,
        failuresGoBack: false,
        deadLetters: async () => letters,
        async dispose() {
          await reader.disconnect();
          await transport.close();
        },
      };
    },
    30_000,
  );

  it('creates its topics, each with a dead-letter topic of one partition, in its namespace', async () => {
    const namespace = `test-${randomUUID()}.`;
    const transport = await connectKafkaTransport({ brokers: brokers(), clientId: 'topics', namespace, topics: [{ name: 'decisions', partitions: 3 }] });
    const admin = new Kafka({ brokers: brokers(), logLevel: logLevel.NOTHING }).admin();
    await admin.connect();
    try {
      const { topics } = await admin.fetchTopicMetadata({ topics: [`${namespace}decisions`, `${namespace}decisions${DEAD_LETTER_SUFFIX}`] });
      expect(topics.map((topic) => [topic.name, topic.partitions.length]).sort()).toEqual([
        [`${namespace}decisions`, 3],
        [`${namespace}decisions${DEAD_LETTER_SUFFIX}`, 1],
      ]);
    } finally {
      await admin.disconnect();
      await transport.close();
    }
  });

  it('publishes keyed messages with their id header, idempotently, once all in-sync replicas have them', async () => {
    const namespace = `test-${randomUUID()}.`;
    const transport = await connectKafkaTransport({ brokers: brokers(), clientId: 'publisher', namespace, topics: [{ name: 'decisions', partitions: 3 }] });
    const consumer = new Kafka({ brokers: brokers(), logLevel: logLevel.NOTHING }).consumer({ groupId: `reader-${randomUUID()}` });
    const seen: { key: string; id: string; value: unknown }[] = [];
    try {
      await publishMessage(transport.client, { topic: 'decisions', key: 'payment-1', id: 'event-1', payload: { n: 1 } });
      await consumer.connect();
      await consumer.subscribe({ topic: `${namespace}decisions`, fromBeginning: true });
      await consumer.run({
        eachMessage: async ({ message }) => {
          seen.push({ key: String(message.key), id: String(message.headers?.['message-id']), value: JSON.parse(String(message.value)) });
        },
      });
      await waitUntil(() => seen.length === 1, 30_000);
      expect(seen).toEqual([{ key: 'payment-1', id: 'event-1', value: { n: 1 } }]);
    } finally {
      await consumer.disconnect();
      await transport.close();
    }
  });

  it("commits a message only once it is handled: the service's group, started again, resumes after it", async () => {
    const settings = { brokers: brokers(), clientId: 'resuming', namespace: `test-${randomUUID()}.`, topics: [{ name: CONTRACT_TOPIC, partitions: 1 }] };
    const first = await connectKafkaTransport(settings);
    const before = await startContractConsumer(first);
    await publishMessage(first.client, { topic: CONTRACT_TOPIC, key: 'k', id: 'handled', payload: { key: 'k', n: 1 } });
    await waitUntil(() => before.log.handled.length === 1, 30_000);
    await before.consumer.close();
    await publishMessage(first.client, { topic: CONTRACT_TOPIC, key: 'k', id: 'while-away', payload: { key: 'k', n: 2 } });
    await first.close();
    const second = await connectKafkaTransport(settings);
    const after = await startContractConsumer(second);
    try {
      await waitUntil(() => after.log.handled.length === 1, 30_000);
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(after.log.handled.map((entry) => entry.id)).toEqual(['while-away']);
    } finally {
      await after.consumer.close();
      await second.close();
    }
  });

  it('fails its health probe once closed', async () => {
    const transport = await connectKafkaTransport({ brokers: brokers(), clientId: 'probe', namespace: `test-${randomUUID()}.`, topics: [] });
    await expect(transport.ping()).resolves.toBeUndefined();
    await transport.close();
    await expect(transport.ping()).rejects.toBeDefined();
  });
});

import { randomUUID } from 'node:crypto';
import { Kafka, logLevel } from 'kafkajs';
import { describeWith, requireServiceAddress, waitUntil } from '@pvs/testing';
import { BusMessage } from '../message-bus.port';
import { KafkaMessageBus } from './kafka-message-bus';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const until = (condition: () => boolean) => waitUntil(condition, 20_000);

describeWith('kafka', 'KafkaMessageBus on a real broker', () => {
  let brokers: string[];
  let topic: string;
  const buses: KafkaMessageBus[] = [];

  const connect = async (maxAttempts = 3) => {
    const bus = await KafkaMessageBus.connect({ brokers, clientId: 'test', topics: [{ name: topic, partitions: 3 }], maxAttempts, retryDelayMs: 10 });
    buses.push(bus);
    return bus;
  };
  const message = (key: string, n: number): BusMessage => ({ topic, key, id: `${key}-${n}`, payload: { key, n } });

  beforeAll(() => {
    brokers = requireServiceAddress('kafka').split(',');
  });

  beforeEach(() => {
    topic = `test-${randomUUID()}`;
  });

  afterEach(async () => {
    await Promise.all(buses.splice(0).map((bus) => bus.close()));
  });

  it('creates its topics with their dead-letter topics', async () => {
    await connect();
    const admin = new Kafka({ brokers, logLevel: logLevel.NOTHING }).admin();
    await admin.connect();
    try {
      const metadata = await admin.fetchTopicMetadata({ topics: [topic, `${topic}.dlq`] });
      expect(metadata.topics.map((t) => [t.name, t.partitions.length]).sort()).toEqual([
        [topic, 3],
        [`${topic}.dlq`, 1],
      ]);
    } finally {
      await admin.disconnect();
    }
  });

  it("delivers every message to each consumer group, one key's messages in order", async () => {
    const bus = await connect();
    const seen = { notifier: [] as BusMessage[], audit: [] as BusMessage[] };
    await bus.subscribe(topic, `notifier-${topic}`, async (m) => void seen.notifier.push(m));
    await bus.subscribe(topic, `audit-${topic}`, async (m) => void seen.audit.push(m));
    for (let n = 0; n < 20; n++) await bus.publish(message(`payment-${n % 4}`, n));
    await until(() => seen.notifier.length === 20 && seen.audit.length === 20);
    for (const group of [seen.notifier, seen.audit]) {
      for (let k = 0; k < 4; k++) {
        const ofKey = group.filter((m) => m.key === `payment-${k}`).map((m) => (m.payload as { n: number }).n);
        expect(ofKey).toEqual([...ofKey].sort((a, b) => a - b));
        expect(ofKey).toHaveLength(5);
      }
    }
    expect(seen.notifier[0]).toMatchObject({ topic, id: expect.stringMatching(/^payment-\d-\d+$/) });
  });

  it('retries a failing handler, and dead-letters a message that keeps failing without blocking its partition', async () => {
    const bus = await connect(3);
    const attempts = new Map<string, number>();
    const handled: string[] = [];
    await bus.subscribe(topic, `group-${topic}`, async (m) => {
      attempts.set(m.id, (attempts.get(m.id) ?? 0) + 1);
      if (m.id === 'same-key-0' && attempts.get(m.id)! < 2) throw new Error('flaky once');
      if (m.id === 'same-key-1') throw new Error('poison');
      handled.push(m.id);
    });
    for (let n = 0; n < 3; n++) await bus.publish(message('same-key', n));
    await until(() => handled.length === 2);
    expect(handled).toEqual(['same-key-0', 'same-key-2']);
    expect(attempts.get('same-key-1')).toBe(3);

    const deadLetters: string[] = [];
    const reader = new Kafka({ brokers, logLevel: logLevel.NOTHING }).consumer({ groupId: `dlq-${topic}` });
    await reader.connect();
    await reader.subscribe({ topic: `${topic}.dlq`, fromBeginning: true });
    await reader.run({ eachMessage: async ({ message: m }) => void deadLetters.push(`${m.headers?.['message-id']}: ${m.headers?.['dead-letter-reason']}`) });
    try {
      await until(() => deadLetters.length === 1);
      expect(deadLetters).toEqual(['same-key-1: poison']);
    } finally {
      await reader.disconnect();
    }
  });

  it('resumes a group from its committed offsets after a restart', async () => {
    const group = `group-${topic}`;
    const first = await connect();
    const seenBefore: string[] = [];
    await first.subscribe(topic, group, async (m) => void seenBefore.push(m.id));
    for (let n = 0; n < 5; n++) await first.publish(message('k', n));
    await until(() => seenBefore.length === 5);
    await first.close();
    buses.splice(buses.indexOf(first), 1);

    const second = await connect();
    for (let n = 5; n < 8; n++) await second.publish(message('k', n));
    const seenAfter: string[] = [];
    await second.subscribe(topic, group, async (m) => void seenAfter.push(m.id));
    await until(() => seenAfter.length >= 3);
    await sleep(500);
    expect(seenAfter).toEqual(['k-5', 'k-6', 'k-7']);
  });

  it('answers ping while the broker is up', async () => {
    await expect((await connect()).ping()).resolves.toBeUndefined();
  });
});

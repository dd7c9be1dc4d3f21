import { Controller, INestMicroservice, Inject, Module, UseInterceptors } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { Ctx, EventPattern, Payload } from '@nestjs/microservices';
import { IsInt, IsString } from 'class-validator';
import { readMessage } from '@pvs/contracts/messages';
import { waitUntil } from '@pvs/testing';
import { BusMessage, publishMessage } from '../bus-message';
import { BUS_TRANSPORT, BusTransport, DeliveryPolicy } from '../bus-transport';
import { AtLeastOnceDelivery, messageIdOf } from '../delivery/at-least-once.interceptor';

export const CONTRACT_TOPIC = 'bus-contract';
const POLICY: DeliveryPolicy = { maxAttempts: 3, retryDelayMs: 10 };

export class ContractMessage {
  @IsString() readonly key!: string;
  @IsInt() readonly n!: number;
}

/** What the consumer saw; `failures` says how many times a message id fails before it succeeds. */
export class ConsumerLog {
  readonly handled: { id: string; message: ContractMessage }[] = [];
  readonly attempts = new Map<string, number>();
  readonly failures = new Map<string, number>();

  handle(id: string, message: ContractMessage): void {
    const attempt = (this.attempts.get(id) ?? 0) + 1;
    this.attempts.set(id, attempt);
    if (attempt <= (this.failures.get(id) ?? 0)) throw new Error(`handler failed on ${id}`);
    this.handled.push({ id, message });
  }
}

const LOG = Symbol('LOG');

@Controller()
class ContractConsumer {
  constructor(@Inject(LOG) private readonly log: ConsumerLog) {}

  @EventPattern(CONTRACT_TOPIC)
  @UseInterceptors(AtLeastOnceDelivery)
  async consume(@Payload() payload: unknown, @Ctx() context: unknown): Promise<void> {
    this.log.handle(messageIdOf(context), readMessage(ContractMessage, payload));
  }
}

/** A Nest microservice on the transport's server whose one handler logs what it gets (see ConsumerLog). */
export async function startContractConsumer(transport: BusTransport, server = transport.server): Promise<{ consumer: INestMicroservice; log: ConsumerLog }> {
  const log = new ConsumerLog();
  @Module({ controllers: [ContractConsumer], providers: [{ provide: LOG, useValue: log }, { provide: BUS_TRANSPORT, useValue: transport }] })
  class ContractModule {}
  const consumer = await NestFactory.createMicroservice(ContractModule, { strategy: server, logger: false });
  await consumer.listen();
  return { consumer, log };
}

export interface BusUnderTest {
  readonly transport: BusTransport;
  /** What was given up on, with the reason, as the transport keeps it. */
  deadLetters(): Promise<{ readonly id: string; readonly reason: string }[]>;
  /** Whether a message that keeps failing is handed back to its publisher (in-process) rather than set aside. */
  readonly failuresGoBack: boolean;
  dispose(): Promise<void>;
}

/**
 * What every bus transport guarantees, checked through a real Nest microservice whose handler runs under
 * AtLeastOnceDelivery, as the services' handlers do.
 */
export function busContract(name: string, open: (policy: DeliveryPolicy) => Promise<BusUnderTest>, timeoutMs = 5_000): void {
  describe(`bus contract: ${name}`, () => {
    let bus: BusUnderTest;
    let consumer: INestMicroservice;
    let log: ConsumerLog;
    let sequence = 0;
    const until = (condition: () => boolean | Promise<boolean>) => waitUntil(condition, timeoutMs);
    const message = (key: string, payload: unknown = { key, n: ++sequence }): BusMessage => ({ topic: CONTRACT_TOPIC, key, id: `${key}-${++sequence}`, payload });
    const publish = (m: BusMessage) => publishMessage(bus.transport.client, m);
    const handledIds = () => log.handled.map((entry) => entry.id);

    beforeAll(async () => {
      bus = await open(POLICY);
      ({ consumer, log } = await startContractConsumer(bus.transport));
    });

    afterAll(async () => {
      await consumer?.close();
      await bus?.dispose();
    });

    it("delivers every message with its payload and id, one key's messages in order", async () => {
      const sent = Array.from({ length: 12 }, (_, i) => message(`order-${i % 3}`));
      for (const m of sent) await publish(m);
      await until(() => sent.every((m) => handledIds().includes(m.id)));
      for (const m of sent) expect(log.handled.find((entry) => entry.id === m.id)?.message).toEqual(m.payload);
      for (let k = 0; k < 3; k++) {
        const ofKey = sent.filter((m) => m.key === `order-${k}`).map((m) => m.id);
        expect(handledIds().filter((id) => ofKey.includes(id))).toEqual(ofKey);
      }
    });

    it('tries a failing handler again, and the message counts once it succeeded', async () => {
      const flaky = message('flaky');
      log.failures.set(flaky.id, POLICY.maxAttempts - 1);
      await publish(flaky);
      await until(() => handledIds().includes(flaky.id));
      expect(log.attempts.get(flaky.id)).toBe(POLICY.maxAttempts);
      expect(handledIds().filter((id) => id === flaky.id)).toHaveLength(1);
    });

    it('gives up on a message that keeps failing after its attempts, and the next one of its key is still handled', async () => {
      const poison = message('poison');
      const after = message('poison');
      log.failures.set(poison.id, Number.MAX_SAFE_INTEGER);
      if (bus.failuresGoBack) await expect(publish(poison)).rejects.toThrow(`handler failed on ${poison.id}`);
      else await publish(poison);
      await publish(after);
      await until(() => handledIds().includes(after.id));
      expect(log.attempts.get(poison.id)).toBe(POLICY.maxAttempts);
      if (!bus.failuresGoBack) expect(await bus.deadLetters()).toContainEqual({ id: poison.id, reason: `handler failed on ${poison.id}` });
    });

    it('sets a message it cannot read aside at once, with the reason, without blocking its key', async () => {
      const unreadable = message('unreadable', '{not json');
      const wrongShape = message('unreadable', { key: 'unreadable', n: 'seven' });
      const after = message('unreadable');
      for (const m of [unreadable, wrongShape, after]) await publish(m);
      await until(() => handledIds().includes(after.id));
      await until(async () => (await bus.deadLetters()).length >= 2);
      const letters = await bus.deadLetters();
      expect(letters).toContainEqual({ id: unreadable.id, reason: 'ContractMessage must be a JSON object' });
      expect(letters).toContainEqual({ id: wrongShape.id, reason: 'ContractMessage: n: n must be an integer number' });
      expect(log.attempts.get(unreadable.id)).toBeUndefined();
    });

    it('answers the health probe while up', async () => {
      await expect(bus.transport.ping()).resolves.toBeUndefined();
    });
  });
}

import { KafkaContext } from '@nestjs/microservices';
import { DeliveryControl, describeFailure } from '../delivery/delivery-control';

export const DEAD_LETTER_SUFFIX = '.dlq';

/** Offsets are committed by hand (the consumer runs without auto-commit) and only past a message handled or dead-lettered. */
export function kafkaDelivery(context: KafkaContext): DeliveryControl {
  const message = context.getMessage();
  const topic = context.getTopic();
  const commit = async () => {
    await context.getConsumer().commitOffsets([{ topic, partition: context.getPartition(), offset: (BigInt(message.offset) + 1n).toString() }]);
  };
  return {
    commit,
    heartbeat: () => context.getHeartbeat()(),
    async giveUp(reason) {
      const value: unknown = message.value;
      await context.getProducer().send({
        topic: `${topic}${DEAD_LETTER_SUFFIX}`,
        acks: -1,
        messages: [
          {
            key: message.key,
            value: typeof value === 'string' || Buffer.isBuffer(value) ? value : JSON.stringify(value),
            headers: { ...message.headers, 'dead-letter-reason': describeFailure(reason), 'original-offset': message.offset },
          },
        ],
      });
      await commit();
    },
  };
}

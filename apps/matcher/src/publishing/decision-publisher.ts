import { PAYMENT_CATEGORY, PAYMENT_DECISIONS, PAYMENT_DECISIONS_TOPIC, PaymentDecisionMessage } from '@pvs/contracts';
import { EventFilter, EventStore } from '@pvs/event-store';
import { MessageBus } from '@pvs/messaging';
import { SqlClient } from '@pvs/sql';
import { checkpointedProcessor } from '../processing/checkpointed-processor';

export const DECISION_PUBLISHER = {
  name: 'decision-publisher',
  filter: { categories: [PAYMENT_CATEGORY], types: PAYMENT_DECISIONS },
} as const satisfies { name: string; filter: EventFilter };

/**
 * Publishes every payment decision from the event store to the bus, at least once, in order
 * per payment. The event store is the outbox: a crash between the decision and its publication
 * loses nothing; consumers drop redeliveries by the message id (the event id).
 */
export function decisionPublisher(events: EventStore, checkpoints: SqlClient, bus: MessageBus, onError?: (error: unknown) => void) {
  return checkpointedProcessor(events, checkpoints, {
    ...DECISION_PUBLISHER,
    onError,
    handle: async (batch) => {
      for (const event of batch) {
        const paymentId = (event.data as { paymentId: string }).paymentId;
        const payload: PaymentDecisionMessage = {
          type: event.type,
          paymentId,
          streamVersion: event.streamVersion,
          data: event.data,
          metadata: event.metadata,
          recordedAt: event.recordedAt.toISOString(),
        };
        await bus.publish({ topic: PAYMENT_DECISIONS_TOPIC, key: paymentId, id: event.id, payload });
      }
    },
  });
}

import { PAYMENT_CATEGORY, PAYMENT_DECISIONS, isPaymentDecision } from '@pvs/contracts';
import { PAYMENT_DECISIONS_TOPIC, PaymentDecisionMessage } from '@pvs/contracts/messages';
import { AppendSignals, EventFilter, EventStore } from '@pvs/event-store';
import { BusClient, publishMessage } from '@pvs/messaging';
import { SqlClient } from '@pvs/sql';
import { PartitionedProcessor } from '../processing/partitioned-processor';

export const DECISION_PUBLISHER = {
  name: 'decision-publisher',
  filter: { categories: [PAYMENT_CATEGORY], types: PAYMENT_DECISIONS },
} as const satisfies { name: string; filter: EventFilter };

/**
 * Publishes every payment decision from the event store to the bus, at least once, in order
 * per payment. The event store is the outbox: a crash between the decision and its publication
 * loses nothing; consumers drop redeliveries by the message id (the event id).
 */
export function decisionPublisher(events: EventStore, signals: AppendSignals, checkpoints: SqlClient, bus: BusClient, onError?: (error: unknown) => void): PartitionedProcessor {
  return new PartitionedProcessor(events, signals, checkpoints, {
    ...DECISION_PUBLISHER,
    onError,
    handle: async (batch) => {
      for (const event of batch) {
        if (!isPaymentDecision(event)) continue;
        const paymentId = event.data.paymentId;
        const payload: PaymentDecisionMessage = {
          type: event.type,
          paymentId,
          streamVersion: event.streamVersion,
          data: event.data,
          metadata: event.metadata,
          recordedAt: event.recordedAt.toISOString(),
        };
        await publishMessage(bus, { topic: PAYMENT_DECISIONS_TOPIC, key: paymentId, id: event.id, payload });
      }
    },
  });
}

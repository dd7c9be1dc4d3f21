import { PAYMENT_CATEGORY, PAYMENT_DECISIONS, isPaymentDecision, paymentStream } from '@pvs/contracts';
import { PAYMENT_DECISIONS_TOPIC, PaymentDecisionMessage } from '@pvs/contracts/messages';
import { AppendSignals, EventFilter, EventStore, activeTraceContext } from '@pvs/event-store';
import { BusClient, publishMessage } from '@pvs/messaging';
import { SpanKind, inSpan } from '@pvs/observability/tracing';
import { SqlClient } from '@pvs/sql';
import { PartitionedProcessor } from '../processing/partitioned-processor';
import { decidedPayment } from './decided-payment';

export const DECISION_PUBLISHER = {
  name: 'decision-publisher',
  filter: { categories: [PAYMENT_CATEGORY], types: PAYMENT_DECISIONS },
} as const satisfies { name: string; filter: EventFilter };

/**
 * Publishes every payment decision from the event store to the bus, at least once, in order per payment, with the
 * payment as the decision left it: the consumers read no stream. The event store is the outbox: a crash between the
 * decision and its publication loses nothing; consumers drop redeliveries by the message id (the event id).
 */
export function decisionPublisher(events: EventStore, signals: AppendSignals, checkpoints: SqlClient, bus: BusClient, onError?: (error: unknown) => void): PartitionedProcessor {
  return new PartitionedProcessor(events, signals, checkpoints, {
    ...DECISION_PUBLISHER,
    onError,
    handle: async (batch) => {
      const decisions = batch.filter(isPaymentDecision);
      // One read for the batch's payments.
      const histories = await events.readStreams([...new Set(decisions.map((decision) => paymentStream(decision.data.paymentId)))]);
      for (const event of decisions) {
        const paymentId = event.data.paymentId;
        const payment = decidedPayment(histories.get(paymentStream(paymentId)) ?? [], event);
        const span = { kind: SpanKind.PRODUCER, attributes: { 'pvs.payment_id': paymentId } };
        await inSpan(`publish ${event.type}`, event.metadata, span, () => {
          // The message continues the trace from this span, so its consumer's work is a child of its publication.
          const metadata = { ...event.metadata, ...activeTraceContext() };
          const payload: PaymentDecisionMessage = {
            type: event.type,
            paymentId,
            streamVersion: event.streamVersion,
            data: event.data,
            payment,
            metadata,
            recordedAt: event.recordedAt.toISOString(),
          };
          return publishMessage(bus, { topic: PAYMENT_DECISIONS_TOPIC, key: paymentId, id: event.id, payload });
        });
      }
    },
  });
}

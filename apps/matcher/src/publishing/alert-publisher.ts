import {
  FORWARDER_CATEGORY,
  FORWARDER_RECOVERED,
  FORWARDER_WENT_SILENT,
  LEDGER_CATEGORY,
  PAYMENT_STALLED,
  SMS_GAP_SUSPECTED,
  STALL_CATEGORY,
  isForwarderEvent,
  isLedgerEvent,
  isPaymentStalled,
  paisaToPkr,
} from '@pvs/contracts';
import { AlertWebhookContent, ForwarderRecoveredData, ForwarderSilentData, PaymentStalledData, SmsGapSuspectedData } from '@pvs/contracts/http';
import { ALERTS_TOPIC, AlertMessage } from '@pvs/contracts/messages';
import { alertIdFor } from '@pvs/domain';
import { AppendSignals, EventFilter, EventStore, RecordedEvent } from '@pvs/event-store';
import { BusClient, publishMessage } from '@pvs/messaging';
import { SqlClient } from '@pvs/sql';
import { PartitionedProcessor } from '../processing/partitioned-processor';

export const ALERT_PUBLISHER = {
  name: 'alert-publisher',
  filter: { categories: [FORWARDER_CATEGORY, LEDGER_CATEGORY, STALL_CATEGORY], types: [FORWARDER_WENT_SILENT, FORWARDER_RECOVERED, SMS_GAP_SUSPECTED, PAYMENT_STALLED] },
} as const satisfies { name: string; filter: EventFilter };

type Alert = Pick<AlertMessage, 'tenantId' | 'paymentId'> & AlertWebhookContent;

const MINUTE_MS = 60_000;

/** The webhook an event raises for merchants, in the words of the webhook (snake case, PKR); null for one it raises none for. */
export function alertOf(event: RecordedEvent): Alert | null {
  if (isForwarderEvent(event)) {
    if (event.type === FORWARDER_WENT_SILENT) {
      const { forwarderId, tenantId, lastHeardAt, usualQuietMs, pendingGateways, detectedAt } = event.data;
      const data: ForwarderSilentData = {
        alert_id: alertIdFor('forwarder.silent', `${forwarderId}\n${detectedAt}`),
        forwarder_id: forwarderId,
        last_heard_at: lastHeardAt,
        usual_quiet_minutes: Math.round(usualQuietMs / MINUTE_MS),
        pending_gateways: pendingGateways,
        detected_at: detectedAt,
      };
      return { event: 'forwarder.silent', tenantId, data };
    }
    if (event.type === FORWARDER_RECOVERED) {
      const { forwarderId, tenantId, silentSince, heardAt } = event.data;
      const data: ForwarderRecoveredData = { alert_id: alertIdFor('forwarder.silent', `${forwarderId}\n${silentSince}`), forwarder_id: forwarderId, silent_since: silentSince, heard_at: heardAt };
      return { event: 'forwarder.recovered', tenantId, data };
    }
    return null;
  }
  // A missing debit is no payment unseen: merchants are told of missing credits.
  if (isLedgerEvent(event) && event.type === SMS_GAP_SUSPECTED && event.data.direction === 'credit') {
    const { gapId, tenantId, gateway, account, amountPaisa, windowStart, windowEnd, candidatePaymentIds, detectedAt } = event.data;
    const data: SmsGapSuspectedData = {
      alert_id: alertIdFor('sms.gap_suspected', gapId),
      gap_id: gapId,
      gateway,
      account,
      amount: paisaToPkr(amountPaisa),
      window_start: windowStart,
      window_end: windowEnd,
      candidate_payment_ids: candidatePaymentIds,
      detected_at: detectedAt,
    };
    return { event: 'sms.gap_suspected', tenantId, data };
  }
  if (isPaymentStalled(event)) {
    const { paymentId, tenantId, gateway, transactionReference, amountPaisa, registeredAt, usualMs, reason, evidence, detectedAt } = event.data;
    const data: PaymentStalledData = {
      alert_id: alertIdFor('payment.stalled', paymentId),
      uuid: paymentId,
      gateway,
      transaction_reference: transactionReference,
      amount_expected: paisaToPkr(amountPaisa),
      pending_since: registeredAt,
      usual_minutes: Math.round(usualMs / MINUTE_MS),
      reason,
      evidence: {
        rejected_sms: evidence.rejectedSms && { sms_id: evidence.rejectedSms.smsId, reason: evidence.rejectedSms.reason, readable_now: evidence.rejectedSms.readableNow },
        gap_ids: evidence.gapIds,
        silent_forwarder_ids: evidence.silentForwarderIds,
      },
      detected_at: detectedAt,
    };
    return { event: 'payment.stalled', tenantId, paymentId, data };
  }
  return null;
}

/**
 * Publishes every alert a merchant may opt into to the bus, at least once, in order per tenant, with everything its
 * webhook says. The event store is the outbox, as for decisions: a crash between the alert and its publication loses
 * nothing; the notifier drops redeliveries by the message id (the event id).
 */
export function alertPublisher(events: EventStore, signals: AppendSignals, checkpoints: SqlClient, bus: BusClient, onError?: (error: unknown) => void): PartitionedProcessor {
  return new PartitionedProcessor(events, signals, checkpoints, {
    ...ALERT_PUBLISHER,
    onError,
    handle: async (batch) => {
      for (const event of batch) {
        const alert = alertOf(event);
        if (!alert) continue;
        const payload: AlertMessage = { ...alert, metadata: event.metadata, recordedAt: event.recordedAt.toISOString() };
        await publishMessage(bus, { topic: ALERTS_TOPIC, key: alert.tenantId, id: event.id, payload });
      }
    },
  });
}

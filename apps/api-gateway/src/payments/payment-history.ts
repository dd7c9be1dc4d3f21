import { PAYMENT_INTENT_REGISTERED, PaymentIntentRegisteredData } from '@pvs/contracts';
import { RecordedEvent } from '@pvs/event-store';
import { PaymentView } from '@pvs/read-model';

/** A payment folded straight from its stream: what the read model will show once it catches up. */
export function foldPayment(events: readonly RecordedEvent[]): PaymentView | null {
  let payment: PaymentView | null = null;
  for (const event of events) {
    if (event.type === PAYMENT_INTENT_REGISTERED) payment = registered(event.data as PaymentIntentRegisteredData);
  }
  return payment;
}

export function registered(intent: PaymentIntentRegisteredData): PaymentView {
  return {
    uuid: intent.paymentId,
    tenantId: intent.tenantId,
    gateway: intent.gateway,
    transactionReference: intent.transactionReference,
    amountExpectedPaisa: intent.amountPaisa,
    amountDetectedPaisa: null,
    status: 'pending',
    verifiedAt: null,
    createdAt: new Date(intent.registeredAt),
  };
}

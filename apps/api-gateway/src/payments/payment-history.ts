import { paymentStream } from '@pvs/contracts';
import { EventStore } from '@pvs/event-store';
import { Payment, foldPayment } from '@pvs/payments';
import { PaymentView } from '@pvs/read-model';

/** The payment as its own stream says now: what the read model shows once it catches up. */
export async function loadPayment(events: EventStore, paymentId: string): Promise<Payment | null> {
  return foldPayment(await events.readStream(paymentStream(paymentId)));
}

export function paymentView(payment: Payment): PaymentView {
  return {
    uuid: payment.uuid,
    tenantId: payment.tenantId,
    gateway: payment.gateway,
    transactionReference: payment.transactionReference,
    amountExpectedPaisa: payment.amountExpectedPaisa,
    amountDetectedPaisa: payment.amountDetectedPaisa,
    status: payment.status,
    verifiedAt: payment.verifiedAt ? new Date(payment.verifiedAt) : null,
    createdAt: new Date(payment.createdAt),
  };
}

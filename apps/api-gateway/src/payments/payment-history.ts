import { Payment } from '@pvs/domain';
import { PaymentView } from '@pvs/read-model';

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

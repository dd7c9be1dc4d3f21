import { PaymentDecisionEvent, isPaymentFlaggedForReview } from '@pvs/contracts';
import { DecidedPayment } from '@pvs/contracts/messages';
import { RecordedEvent, foldStream } from '@pvs/event-store';
import { paymentDecider } from '@pvs/domain';

/** The payment as `decision` left it, from its stream's history (events after the decision are not looked at). */
export function decidedPayment(history: readonly RecordedEvent[], decision: RecordedEvent<PaymentDecisionEvent>): DecidedPayment {
  const { state: payment } = foldStream(
    history.filter((event) => event.streamVersion <= decision.streamVersion),
    paymentDecider,
  );
  if (!payment) throw new Error(`Decision ${decision.id} names payment ${decision.data.paymentId}, which has no intent`);
  return {
    tenantId: payment.tenantId,
    gateway: payment.gateway,
    transactionReference: payment.transactionReference,
    amountExpectedPaisa: payment.amountExpectedPaisa,
    amountDetectedPaisa: payment.amountDetectedPaisa,
    status: payment.status,
    verifiedAt: payment.verifiedAt,
    callbackUrl: payment.intent.callbackUrl,
    clientMetadata: payment.intent.clientMetadata,
    reviewReason: isPaymentFlaggedForReview(decision) ? decision.data.reason : null,
  };
}

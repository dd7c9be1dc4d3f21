import { ConflictException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import { PAYMENT_APPROVED, PAYMENT_REJECTED, PaymentReviewedData, paymentStream } from '@pvs/contracts';
import { EVENT_STORE, EventStore, ExpectedVersionConflictError } from '@pvs/event-store';
import { Payment, foldPayment } from '@pvs/payments';
import { CLOCK, Clock } from '@pvs/runtime';
import { Principal } from '../../operators/operator';
import { ReviewPaymentRequest } from './review-payment.request.dto';

export type ReviewVerdict = 'approve' | 'reject';

/** An operator's decision on a payment in manual review: verified or failed, with who (from their token) and why. */
@Injectable()
export class ReviewPaymentHandler {
  constructor(
    @Inject(EVENT_STORE) private readonly events: EventStore,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async review(paymentId: string, verdict: ReviewVerdict, request: ReviewPaymentRequest, by: Principal, correlationId: string): Promise<Payment> {
    const history = await this.events.readStream(paymentStream(paymentId));
    const payment = foldPayment(history);
    if (!payment) throw new NotFoundException('Transaction not found');
    if (payment.status !== 'manual_review') {
      throw new ConflictException(`Only a payment in manual_review can be reviewed; this one is ${payment.status}`);
    }
    const event = {
      type: verdict === 'approve' ? PAYMENT_APPROVED : PAYMENT_REJECTED,
      data: { paymentId, operator: by.name, operatorId: by.id, note: request.note ?? '', decidedAt: this.clock.now().toISOString() } satisfies PaymentReviewedData,
      metadata: { tenantId: payment.tenantId, correlationId },
    };
    // Appended at the version read: a concurrent decision makes this one a conflict, never a second decision.
    try {
      await this.events.append(paymentStream(paymentId), [event], history[history.length - 1].streamVersion);
    } catch (error) {
      if (!(error instanceof ExpectedVersionConflictError)) throw error;
      throw new ConflictException('This payment was decided by another request meanwhile; read it again');
    }
    return foldPayment([...history, { type: event.type, data: event.data }]) as Payment;
  }
}

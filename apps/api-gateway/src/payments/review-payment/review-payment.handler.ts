import { Inject, Injectable } from '@nestjs/common';
import { paymentStream } from '@pvs/contracts';
import { EVENT_STORE, EventStore, handleCommand } from '@pvs/event-store';
import { PAYMENT_NOT_FOUND, Payment, Principal, Result, paymentDecider, refused, succeed } from '@pvs/domain';
import { CLOCK, Clock } from '@pvs/runtime';
import { ReviewPaymentRequest } from './review-payment.request.dto';

export type ReviewVerdict = 'approve' | 'reject';

/** An operator's decision on a payment in manual review: verified or failed, with who (from their token) and why. */
@Injectable()
export class ReviewPaymentHandler {
  constructor(
    @Inject(EVENT_STORE) private readonly events: EventStore,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** A concurrent decision is read before this one is taken again: a payment is never decided twice. */
  async review(paymentId: string, verdict: ReviewVerdict, request: ReviewPaymentRequest, by: Principal, correlationId: string): Promise<Result<Payment>> {
    const command = { type: 'Review', verdict, reviewer: by, note: request.note ?? '', now: this.clock.now() } as const;
    const metadata = (payment: Payment | null) => ({ tenantId: payment?.tenantId, correlationId });
    const reviewed = await handleCommand(this.events, paymentStream(paymentId), paymentDecider, command, { metadata });
    if (!reviewed.ok) return reviewed;
    return reviewed.state ? succeed(reviewed.state) : refused('not_found', PAYMENT_NOT_FOUND);
  }
}

import { Inject, Injectable, NotFoundException } from '@nestjs/common';
import { paymentStream } from '@pvs/contracts';
import { EVENT_STORE, EventStore, RecordedEvent } from '@pvs/event-store';
import { Payment, foldPayment } from '@pvs/payments';

export interface PaymentWithHistory {
  readonly payment: Payment;
  readonly history: readonly RecordedEvent[];
}

/** A payment of any tenant, folded from its own stream, with every event of that stream. */
@Injectable()
export class ShowPaymentHandler {
  constructor(@Inject(EVENT_STORE) private readonly events: EventStore) {}

  async show(uuid: string): Promise<PaymentWithHistory> {
    const history = await this.events.readStream(paymentStream(uuid));
    const payment = foldPayment(history);
    if (!payment) throw new NotFoundException('Transaction not found');
    return { payment, history };
  }
}

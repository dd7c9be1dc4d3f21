import { Inject, Injectable } from '@nestjs/common';
import { PaymentEvent, paymentStream } from '@pvs/contracts';
import { EVENT_STORE, EventStore, RecordedEvent, aggregateStream } from '@pvs/event-store';
import { PAYMENT_NOT_FOUND, Payment, Result, paymentDecider, refused, succeed } from '@pvs/domain';

export interface PaymentWithHistory {
  readonly payment: Payment;
  readonly history: readonly RecordedEvent<PaymentEvent>[];
}

/** A payment of any tenant, folded from its own stream, with every event of that stream. */
@Injectable()
export class ShowPaymentHandler {
  constructor(@Inject(EVENT_STORE) private readonly events: EventStore) {}

  async show(uuid: string): Promise<Result<PaymentWithHistory>> {
    const { state: payment, events: history } = await aggregateStream(this.events, paymentStream(uuid), paymentDecider);
    return payment ? succeed({ payment, history }) : refused('not_found', PAYMENT_NOT_FOUND);
  }
}

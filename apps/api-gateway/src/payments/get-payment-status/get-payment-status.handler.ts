import { Inject, Injectable } from '@nestjs/common';
import { paymentStream } from '@pvs/contracts';
import { CurrentStreams, EVENT_STORE, EventStore, foldStream } from '@pvs/event-store';
import { PAYMENT_NOT_FOUND, Result, paymentDecider, refused, succeed } from '@pvs/domain';
import { PaymentView } from '@pvs/read-model';
import { paymentView } from '../payment-history';

@Injectable()
export class GetPaymentStatusHandler {
  private readonly streams: CurrentStreams;

  constructor(@Inject(EVENT_STORE) events: EventStore) {
    this.streams = new CurrentStreams(events);
  }

  /**
   * Folded from the payment's own stream (a few events), read after the request came: whatever the service said of
   * the payment before (an ingest's answer, a webhook, a review), in any process, the status shows it or a later
   * state. The projection, which may lag behind by a moment, serves lists and dashboards.
   */
  async status(tenantId: string, uuid: string): Promise<Result<PaymentView>> {
    const { state: payment } = foldStream(await this.streams.read(paymentStream(uuid)), paymentDecider);
    return payment && payment.tenantId === tenantId ? succeed(paymentView(payment)) : refused('not_found', PAYMENT_NOT_FOUND);
  }
}

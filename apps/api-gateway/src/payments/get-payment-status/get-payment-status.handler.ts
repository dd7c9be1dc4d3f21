import { Inject, Injectable, NotFoundException } from '@nestjs/common';
import { paymentStream } from '@pvs/contracts';
import { CurrentStreams, EVENT_STORE, EventStore } from '@pvs/event-store';
import { foldPayment } from '@pvs/payments';
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
  async status(tenantId: string, uuid: string): Promise<PaymentView> {
    const payment = foldPayment(await this.streams.read(paymentStream(uuid)));
    if (!payment || payment.tenantId !== tenantId) throw new NotFoundException('Transaction not found');
    return paymentView(payment);
  }
}

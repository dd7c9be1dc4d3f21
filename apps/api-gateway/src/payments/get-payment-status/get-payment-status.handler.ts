import { Inject, Injectable, NotFoundException } from '@nestjs/common';
import { EVENT_STORE, EventStore } from '@pvs/event-store';
import { PAYMENT_VIEWS, PaymentView, PaymentViews } from '@pvs/read-model';
import { loadPayment, paymentView } from '../payment-history';

@Injectable()
export class GetPaymentStatusHandler {
  constructor(
    @Inject(PAYMENT_VIEWS) private readonly views: PaymentViews,
    @Inject(EVENT_STORE) private readonly events: EventStore,
  ) {}

  /**
   * From the read model; a payment registered a moment ago that the projector has not reached
   * yet is folded from its own stream, so a merchant always reads its own write.
   */
  async status(tenantId: string, uuid: string): Promise<PaymentView> {
    const view = await this.views.find(tenantId, uuid);
    if (view) return view;
    const payment = await loadPayment(this.events, uuid);
    if (!payment || payment.tenantId !== tenantId) throw new NotFoundException('Transaction not found');
    return paymentView(payment);
  }
}

import { Inject, Injectable } from '@nestjs/common';
import { paymentLinkStream } from '@pvs/contracts';
import { EVENT_STORE, EventStore, aggregateStream, handleCommand } from '@pvs/event-store';
import { CLOCK, Clock } from '@pvs/runtime';
import { PAYMENT_LINK_NOT_FOUND, PaymentLink, Result, paymentLinkDecider, refused, succeed } from '@pvs/domain';

@Injectable()
export class DisablePaymentLinkHandler {
  constructor(
    @Inject(EVENT_STORE) private readonly events: EventStore,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** The link takes no more payments (at once, on every page); disabling it again changes nothing. */
  async disable(tenantId: string, linkId: string, by: string, correlationId: string): Promise<Result<PaymentLink>> {
    const stream = paymentLinkStream(linkId);
    const current = await aggregateStream(this.events, stream, paymentLinkDecider);
    // Another tenant's link is no link of this one: it is not touched.
    if (current.state?.tenantId !== tenantId) return refused('not_found', PAYMENT_LINK_NOT_FOUND);
    const disabled = await handleCommand(this.events, stream, paymentLinkDecider, { type: 'Disable', by, now: this.clock.now() }, {
      metadata: { tenantId, correlationId },
      known: { state: current.state, version: current.version },
    });
    if (!disabled.ok) return disabled;
    return disabled.state ? succeed(disabled.state) : refused('not_found', PAYMENT_LINK_NOT_FOUND);
  }
}

import { Inject, Injectable } from '@nestjs/common';
import { paymentLinkStream } from '@pvs/contracts';
import { EVENT_STORE, EventStore, aggregateStream } from '@pvs/event-store';
import { PAYMENT_LINK_NOT_FOUND, PaymentLink, Result, paymentLinkDecider, paymentLinkIdFor, refused, succeed } from '@pvs/domain';
import { LINK_CODE } from './link-code';

/** Links folded from their own streams: what was just created or used is read at once, in any gateway process. */
@Injectable()
export class PaymentLinkReader {
  constructor(@Inject(EVENT_STORE) private readonly events: EventStore) {}

  /** The tenant's link of that id; another tenant's is not found, as none is. */
  async ofTenant(tenantId: string, linkId: string): Promise<Result<PaymentLink>> {
    const link = await this.byId(linkId);
    return link?.tenantId === tenantId ? succeed(link) : refused('not_found', PAYMENT_LINK_NOT_FOUND);
  }

  /** The link a page's code names; null for a code no link has (or that cannot be one). */
  async byCode(code: string): Promise<PaymentLink | null> {
    return LINK_CODE.test(code) ? this.byId(paymentLinkIdFor(code)) : null;
  }

  /** Any tenant's link of that id (for operators); null for none. */
  async byId(linkId: string): Promise<PaymentLink | null> {
    return (await aggregateStream(this.events, paymentLinkStream(linkId), paymentLinkDecider)).state;
  }
}

import { Inject, Injectable } from '@nestjs/common';
import { GATEWAYS, paymentLinkStream, pkrToPaisa } from '@pvs/contracts';
import { EVENT_STORE, EventStore, handleCommand } from '@pvs/event-store';
import { CLOCK, Clock } from '@pvs/runtime';
import { PaymentLink, Result, Tenant, paymentLinkDecider, paymentLinkIdFor, refused, succeed } from '@pvs/domain';
import { MAX_AMOUNT_PKR } from '../../payments/register-payment-intent/register-payment-intent.request.dto';
import { newLinkCode } from '../link-code';
import { CreatePaymentLinkRequest } from './create-payment-link.request.dto';

/** The least a payer may enter on a link that leaves the amount to them, when the merchant sets no minimum. */
const DEFAULT_MIN_AMOUNT_PKR = 1;

@Injectable()
export class CreatePaymentLinkHandler {
  constructor(
    @Inject(EVENT_STORE) private readonly events: EventStore,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** A new link under a fresh code; `createdBy` names the merchant's key or the operator. */
  async create(tenant: Tenant, request: CreatePaymentLinkRequest, createdBy: string, correlationId: string): Promise<Result<PaymentLink>> {
    const code = newLinkCode();
    const linkId = paymentLinkIdFor(code);
    const fixed = request.amount ?? null;
    const paisa = (pkr: number) => pkrToPaisa(pkr) ?? 0;
    const link = {
      linkId,
      tenantId: tenant.id,
      code,
      description: request.description ?? null,
      amountPaisa: fixed === null ? null : paisa(fixed),
      minAmountPaisa: paisa(fixed ?? request.min_amount ?? DEFAULT_MIN_AMOUNT_PKR),
      maxAmountPaisa: paisa(fixed ?? request.max_amount ?? MAX_AMOUNT_PKR),
      gateways: request.gateways ?? [...GATEWAYS],
      maxUses: request.max_uses ?? null,
      expiresAt: request.expires_at ? new Date(request.expires_at).toISOString() : null,
      returnUrl: request.return_url ?? null,
      clientMetadata: request.client_metadata ?? null,
      createdBy,
    };
    // Bounds are the payer's: a fixed amount leaves none to set.
    if (fixed !== null && (request.min_amount != null || request.max_amount != null)) return refused('unprocessable', 'a link of a fixed amount takes no min_amount or max_amount');
    const created = await handleCommand(this.events, paymentLinkStream(linkId), paymentLinkDecider, { type: 'Create', link, now: this.clock.now() }, {
      metadata: { tenantId: tenant.id, correlationId },
      known: { state: null, version: 0 },
    });
    if (!created.ok) return created;
    return created.state ? succeed(created.state) : refused('conflict', 'The payment link was not created; try again');
  }
}

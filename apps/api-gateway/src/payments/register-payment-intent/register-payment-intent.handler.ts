import { Inject, Injectable, UnprocessableEntityException } from '@nestjs/common';
import { PAYMENT_INTENT_REGISTERED, PaymentIntentRegisteredData, paisaToPkr, paymentStream, pkrToPaisa } from '@pvs/contracts';
import { EVENT_STORE, EventStore, ExpectedVersionConflictError, NO_STREAM } from '@pvs/event-store';
import { PaymentView } from '@pvs/read-model';
import { CLOCK, Clock } from '@pvs/runtime';
import { normalizeReference } from '@pvs/sms-parsers';
import { Tenant } from '@pvs/tenants';
import { GATEWAY_CONFIG, GatewayConfig } from '../../gateway-config';
import { paymentIdFor, registeredPayment } from '@pvs/payments';
import { loadPayment, paymentView } from '../payment-history';
import { RegisterPaymentIntentRequest } from './register-payment-intent.request.dto';

export interface Registration {
  readonly payment: PaymentView;
  readonly created: boolean;
}

@Injectable()
export class RegisterPaymentIntentHandler {
  constructor(
    @Inject(EVENT_STORE) private readonly events: EventStore,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  /**
   * Records the intent once per (tenant, gateway, reference); the same reference again returns
   * the payment already recorded, and with another amount is refused.
   */
  async register(tenant: Tenant, request: RegisterPaymentIntentRequest, correlationId: string): Promise<Registration> {
    const normalizedReference = normalizeReference(request.transaction_reference);
    if (!normalizedReference) throw new UnprocessableEntityException('transaction_reference must contain letters or digits');
    const amountPaisa = pkrToPaisa(request.amount);
    if (amountPaisa === null) throw new UnprocessableEntityException('amount must be a number with at most 2 decimals');

    const paymentId = paymentIdFor(tenant.id, request.gateway, normalizedReference);
    const now = this.clock.now();
    const intent: PaymentIntentRegisteredData = {
      paymentId,
      tenantId: tenant.id,
      gateway: request.gateway,
      transactionReference: request.transaction_reference,
      normalizedReference,
      amountPaisa,
      senderSource: request.sender_source ?? null,
      callbackUrl: request.callback_url ?? null,
      clientMetadata: request.client_metadata ?? null,
      registeredAt: now.toISOString(),
      expiresAt: new Date(now.getTime() + this.config.paymentExpirySeconds * 1000).toISOString(),
    };
    try {
      await this.events.append(
        paymentStream(paymentId),
        [{ type: PAYMENT_INTENT_REGISTERED, data: intent, metadata: { tenantId: tenant.id, correlationId } }],
        NO_STREAM,
      );
      return { payment: paymentView(registeredPayment(intent)), created: true };
    } catch (error) {
      if (!(error instanceof ExpectedVersionConflictError)) throw error;
    }
    const existing = await loadPayment(this.events, paymentId);
    if (!existing) throw new Error(`Payment stream ${paymentId} exists but holds no intent`);
    if (existing.amountExpectedPaisa !== amountPaisa) {
      throw new UnprocessableEntityException(
        `transaction_reference is already registered for ${request.gateway} with amount ${paisaToPkr(existing.amountExpectedPaisa)}; a reference can be registered only once`,
      );
    }
    return { payment: paymentView(existing), created: false };
  }
}

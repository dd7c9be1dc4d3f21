import { Inject, Injectable } from '@nestjs/common';
import { PaymentIntentRegisteredData, paymentStream, pkrToPaisa } from '@pvs/contracts';
import { EVENT_STORE, EventStore, handleCommand } from '@pvs/event-store';
import { PaymentView } from '@pvs/read-model';
import { CLOCK, Clock } from '@pvs/runtime';
import { normalizeReference } from '@pvs/sms-parsers';
import { GATEWAY_CONFIG, GatewayConfig } from '../../gateway-config';
import { Result, Tenant, paymentDecider, paymentIdFor, refused, registeredPayment, succeed } from '@pvs/domain';
import { paymentView } from '../payment-history';
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
  async register(tenant: Tenant, request: RegisterPaymentIntentRequest, correlationId: string): Promise<Result<Registration>> {
    const normalizedReference = normalizeReference(request.transaction_reference);
    if (!normalizedReference) return refused('unprocessable', 'transaction_reference must contain letters or digits');
    const amountPaisa = pkrToPaisa(request.amount);
    if (amountPaisa === null) return refused('unprocessable', 'amount must be a number with at most 2 decimals');

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
    const registration = await handleCommand(this.events, paymentStream(paymentId), paymentDecider, { type: 'RegisterIntent', intent }, {
      metadata: { tenantId: tenant.id, correlationId },
      known: { state: null, version: 0 },
    });
    if (!registration.ok) return registration;
    const payment = registration.state ?? registeredPayment(intent);
    return succeed({ payment: paymentView(payment), created: registration.events.length > 0 });
  }
}

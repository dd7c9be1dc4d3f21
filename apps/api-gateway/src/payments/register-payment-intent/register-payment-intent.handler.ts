import { Inject, Injectable } from '@nestjs/common';
import { Gateway, PaymentIntentRegisteredData, paymentStream, pkrToPaisa } from '@pvs/contracts';
import { CommandStore, EVENT_STORE, EventStore, handleCommand } from '@pvs/event-store';
import { PaymentView } from '@pvs/read-model';
import { CLOCK, Clock } from '@pvs/runtime';
import { normalizeReference } from '@pvs/sms-parsers';
import { GATEWAY_CONFIG, GatewayConfig } from '../../gateway-config';
import { PaymentPayerData } from '../payment-payer-data';
import { Result, Tenant, paymentDecider, paymentIdFor, refused, registeredPayment, succeed } from '@pvs/domain';
import { paymentView } from '../payment-history';

export interface Registration {
  readonly payment: PaymentView;
  readonly created: boolean;
}

/** What a payment intent is registered from: the API's body, or a payer's form on a payment link's page. */
export interface IntentFields {
  readonly gateway: Gateway;
  readonly transaction_reference: string;
  readonly amount: number;
  readonly sender_source?: string | null;
  readonly callback_url?: string | null;
  readonly client_metadata?: Record<string, unknown> | null;
}

@Injectable()
export class RegisterPaymentIntentHandler {
  constructor(
    @Inject(EVENT_STORE) private readonly events: EventStore,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
    private readonly payerData: PaymentPayerData,
  ) {}

  /**
   * Records the intent once per (tenant, gateway, reference); the same reference again returns
   * the payment already recorded, and with another amount is refused.
   */
  async register(tenant: Tenant, fields: IntentFields, correlationId: string): Promise<Result<Registration>> {
    return this.registerIn(this.events, tenant, fields, correlationId, { retries: true });
  }

  /**
   * The registration on `store`: the event store itself, or a unit of work that commits it with other commands
   * (a payment link's use); a unit is retried by its caller, so a conflict is not retried here.
   */
  async registerIn(store: CommandStore, tenant: Tenant, fields: IntentFields, correlationId: string, { retries }: { retries: boolean }): Promise<Result<Registration>> {
    const normalizedReference = normalizeReference(fields.transaction_reference);
    if (!normalizedReference) return refused('unprocessable', 'transaction_reference must contain letters or digits');
    const amountPaisa = pkrToPaisa(fields.amount);
    if (amountPaisa === null) return refused('unprocessable', 'amount must be a number with at most 2 decimals');

    const paymentId = paymentIdFor(tenant.id, fields.gateway, normalizedReference);
    const now = this.clock.now();
    const intent: PaymentIntentRegisteredData = {
      paymentId,
      tenantId: tenant.id,
      gateway: fields.gateway,
      transactionReference: fields.transaction_reference,
      normalizedReference,
      amountPaisa,
      senderSource: await this.payerData.seal(tenant.id, paymentId, fields.sender_source ?? null),
      callbackUrl: fields.callback_url ?? null,
      clientMetadata: fields.client_metadata ?? null,
      registeredAt: now.toISOString(),
      expiresAt: new Date(now.getTime() + this.config.paymentExpirySeconds * 1000).toISOString(),
    };
    const registration = await handleCommand(store, paymentStream(paymentId), paymentDecider, { type: 'RegisterIntent', intent }, {
      metadata: { tenantId: tenant.id, correlationId },
      ...(retries ? { known: { state: null, version: 0 } } : { maxRetries: 0 }),
    });
    if (!registration.ok) return registration;
    const payment = registration.state ?? registeredPayment(intent);
    return succeed({ payment: paymentView(payment), created: registration.events.length > 0 });
  }
}

import { Inject, Injectable } from '@nestjs/common';
import { Gateway, Paisa, awaitingStream, paisaToPkr, paymentLinkStream, paymentStream } from '@pvs/contracts';
import { APPEND_SIGNALS, AppendSignals, CurrentStreams, EVENT_STORE, EventStore, ExpectedVersionConflictError, UnitOfWork, foldStream, handleCommand } from '@pvs/event-store';
import { CLOCK, Clock } from '@pvs/runtime';
import { PaymentLink, Tenant, paymentDecider, paymentLinkDecider } from '@pvs/domain';
import { GATEWAY_CONFIG, GatewayConfig } from '../../gateway-config';
import { PaymentPayerData } from '../../payments/payment-payer-data';
import { Registration, RegisterPaymentIntentHandler } from '../../payments/register-payment-intent/register-payment-intent.handler';
import { PayProblem } from '../pay-page/texts';

/** What a payer submits on a link's page. */
export interface PayerSubmission {
  readonly gateway: Gateway;
  readonly transactionReference: string;
  /** What they entered; null on a link of a fixed amount. */
  readonly amountPaisa: Paisa | null;
  readonly payerName: string | null;
  readonly payerPhone: string | null;
}

/** The payment registered, or what to tell the payer. */
export type LinkPaymentResult = { readonly ok: true; readonly registration: Registration } | { readonly ok: false; readonly problem: PayProblem };

/** Two payers on one link at once collide on its stream: each tries again on the link as it has become. */
const ATTEMPTS = 5;
/** How often the wait for a decision looks again when no append woke it. */
const POLL_MS = 25;

/**
 * A payment registered through a link's page: the intent, through the API's own path, and the link's use, committed
 * together (a link never takes more payments than its uses, and never loses one). A payer who submits again is shown
 * the payment they registered; a transaction id the tenant registered otherwise is refused. Refusals are said in the
 * page's words.
 */
@Injectable()
export class PayThroughLinkHandler {
  private readonly streams: CurrentStreams;

  constructor(
    @Inject(EVENT_STORE) private readonly events: EventStore,
    @Inject(APPEND_SIGNALS) private readonly signals: AppendSignals,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
    private readonly intents: RegisterPaymentIntentHandler,
    private readonly payerData: PaymentPayerData,
  ) {
    this.streams = new CurrentStreams(events);
  }

  async pay(tenant: Tenant, link: PaymentLink, submission: PayerSubmission, correlationId: string): Promise<LinkPaymentResult> {
    const amountPaisa = submission.amountPaisa ?? link.amount.amountPaisa;
    if (amountPaisa === null) return { ok: false, problem: 'enter_amount' };
    const fields = {
      gateway: submission.gateway,
      transaction_reference: submission.transactionReference,
      amount: paisaToPkr(amountPaisa),
      client_metadata: link.clientMetadata,
    };
    for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
      const unit = new UnitOfWork(this.events);
      const registration = await this.intents.registerIn(unit, tenant, fields, correlationId, { retries: false });
      // The form is read before: what is refused here is a reference registered before with another amount.
      if (!registration.ok) return { ok: false, problem: registration.refusal.kind === 'unprocessable' ? 'amount_differs' : 'try_again' };
      const { payment, created } = registration.value;
      const [payerName, payerPhone] = await Promise.all([submission.payerName, submission.payerPhone].map((told) => this.payerData.seal(tenant.id, payment.uuid, told)));
      const use = await handleCommand(
        unit,
        paymentLinkStream(link.id),
        paymentLinkDecider,
        { type: 'Use', payment: { paymentId: payment.uuid, gateway: submission.gateway, amountPaisa: submission.amountPaisa, payerName, payerPhone }, now: this.clock.now() },
        { metadata: { tenantId: tenant.id, correlationId }, maxRetries: 0 },
      );
      if (!use.ok) return { ok: false, problem: use.refusal.kind === 'conflict' ? 'link_closed' : 'try_again' };
      // A reference the tenant registered otherwise is not the payer's to claim.
      if (!created && use.events.length > 0) return { ok: false, problem: 'already_registered' };
      // The payer's SMS came first: the matcher decides as soon as the intent is in the log.
      const proved = created && (await unit.readStream(awaitingStream(payment.uuid))).length > 0;
      try {
        if (unit.stagedEvents > 0) await unit.commit();
        if (proved) await this.decided(payment.uuid);
        return { ok: true, registration: registration.value };
      } catch (error) {
        if (!(error instanceof ExpectedVersionConflictError)) throw error;
      }
    }
    return { ok: false, problem: 'try_again' };
  }

  /** Waits, within the bound the SMS ingest waits too, for the matcher's word on a payment: the page then tells the payer at once. */
  private async decided(paymentId: string): Promise<void> {
    const deadline = Date.now() + this.config.smsDecisionWaitMs;
    let seen = this.signals.appendsSignalled();
    for (;;) {
      const { state } = foldStream(await this.streams.read(paymentStream(paymentId)), paymentDecider);
      const remaining = deadline - Date.now();
      if (state?.status !== 'pending' || remaining <= 0) return;
      await this.signals.waitForAppend(Math.min(POLL_MS, remaining), seen);
      seen = this.signals.appendsSignalled();
    }
  }
}

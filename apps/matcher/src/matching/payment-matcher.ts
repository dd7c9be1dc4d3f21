import {
  PAYMENT_EXPIRED,
  PAYMENT_FLAGGED_FOR_REVIEW,
  PAYMENT_INTENT_REGISTERED,
  PaymentIntentRegisteredData,
  SMS_AWAITING_INTENT,
  SMS_MATCHED,
  SMS_PARSED,
  SMS_RECEIVED,
  SMS_UNMATCHED,
  SmsAwaitingIntentData,
  SmsMatchedData,
  SmsParsedData,
  SmsReceivedData,
  SmsUnmatchedData,
  SmsUnmatchedReason,
  awaitingStream,
  isOutcomeOfParse,
  paymentStream,
  smsStream,
} from '@pvs/contracts';
import { ANY_VERSION, EventMetadata, EventStore, ExpectedVersionConflictError, NO_STREAM, RecordedEvent } from '@pvs/event-store';
import { Payment, foldPayment, paymentIdFor, receivedByMerchant } from '@pvs/payments';
import { PendingPayments } from '@pvs/read-model';
import { Clock } from '@pvs/runtime';
import { Tenant, TenantDirectory } from '@pvs/tenants';
import { BalanceChain } from './balance-chain';
import { MatchOutcomes } from './match-outcomes';
import { decideMatch, readingMayVerify } from './match-rules';

/** One parsed SMS, as the matcher works with it. */
interface Sms {
  readonly smsId: string;
  readonly parsedVersion: number;
  readonly parsed: SmsParsedData;
  readonly received: SmsReceivedData;
  readonly history: readonly RecordedEvent[];
}

const NO_REFERENCE_CANDIDATES = 5;

/** The payment an intent registers, or the one a parsed SMS names by its reference. */
function namedPayment(event: RecordedEvent): string[] {
  if (event.type === PAYMENT_INTENT_REGISTERED) return [(event.data as PaymentIntentRegisteredData).paymentId];
  const parsed = event.data as SmsParsedData;
  if (event.type !== SMS_PARSED || !parsed.normalizedReference) return [];
  return [paymentIdFor(parsed.tenantId, parsed.gateway, parsed.normalizedReference)];
}

/**
 * Correlates intents and SMS by (tenant, gateway, normalised reference), in either arrival
 * order. Every step first reads what was already recorded, and every decision is appended
 * with an expected version: handling an event twice (a redelivery, a replay after a crash)
 * decides nothing twice.
 */
export class PaymentMatcher {
  private readonly balances: BalanceChain;
  /** The batch's intents' awaiting streams, read in one go: payment id to the SMS waiting for it, if one is. */
  private awaitingReadAhead = new Map<string, RecordedEvent | undefined>();

  constructor(
    private readonly events: EventStore,
    private readonly tenants: TenantDirectory,
    private readonly pending: PendingPayments,
    private readonly clock: Clock,
    private readonly outcomes: MatchOutcomes,
  ) {
    this.balances = new BalanceChain(events);
  }

  /** Handles a batch in log order, having read the awaiting streams of the payments it names in one round trip. */
  async handleBatch(batch: readonly RecordedEvent[]): Promise<void> {
    const paymentIds = [...new Set(batch.flatMap(namedPayment))];
    const awaiting = await this.events.readStreams(paymentIds.map(awaitingStream));
    this.awaitingReadAhead = new Map(paymentIds.map((paymentId) => [paymentId, awaiting.get(awaitingStream(paymentId))?.[0]]));
    try {
      for (const event of batch) await this.handle(event);
    } finally {
      this.awaitingReadAhead.clear();
    }
  }

  private async handle(event: RecordedEvent): Promise<void> {
    if (event.type === SMS_PARSED) await this.matchSms(event);
    else if (event.type === PAYMENT_INTENT_REGISTERED) await this.matchIntent(event.data as PaymentIntentRegisteredData);
  }

  private async matchSms(parsedEvent: RecordedEvent): Promise<void> {
    const sms = await this.loadSms((parsedEvent.data as SmsParsedData).smsId, parsedEvent.streamVersion);
    if (!sms || this.outcomeOf(sms)) return;
    const tenant = await this.tenant(sms.parsed.tenantId);
    if (!receivedByMerchant(tenant.receivingAccounts?.[sms.parsed.gateway], sms.parsed.receivingAccount)) {
      return this.unmatched(sms, 'foreign_account', null);
    }
    if (!sms.parsed.normalizedReference) return this.matchWithoutReference(sms, tenant);

    const paymentId = paymentIdFor(tenant.id, sms.parsed.gateway, sms.parsed.normalizedReference);
    let { payment, version } = await this.loadPayment(paymentId);
    if (!payment) return this.awaitIntent(paymentId, sms);
    // An SMS that was waiting for this intent came first: it decides before this one is weighed.
    if (await this.decideAwaiting(paymentId)) ({ payment, version } = await this.loadPayment(paymentId));
    return this.decide(payment as Payment, version, sms, tenant);
  }

  private async matchIntent(intent: PaymentIntentRegisteredData): Promise<void> {
    await this.decideAwaiting(intent.paymentId);
  }

  /**
   * Decides a pending payment on the SMS that named it before it was registered, if there is one.
   * Answers whether one was waiting: only then may the payment have changed.
   */
  private async decideAwaiting(paymentId: string): Promise<boolean> {
    // The awaiting stream first: almost every intent has no SMS waiting, and then one read is enough.
    const waiting = await this.firstAwaiting(paymentId);
    if (!waiting) return false;
    const { payment, version } = await this.loadPayment(paymentId);
    if (!payment || payment.status !== 'pending') return true;
    const { smsId, parsedVersion } = waiting.data as SmsAwaitingIntentData;
    const sms = await this.loadSms(smsId, parsedVersion);
    if (sms) await this.decide(payment, version, sms, await this.tenant(payment.tenantId));
    return true;
  }

  /** Decides `payment` on the evidence of `sms`, retrying on a concurrent change of the payment. */
  private async decide(payment: Payment, version: number, sms: Sms, tenant: Tenant): Promise<void> {
    for (;;) {
      if (payment.status !== 'pending') {
        if (payment.smsId === sms.smsId) return this.matched(sms, payment);
        return this.unmatched(sms, payment.status === 'failed' ? 'intent_decided' : 'reference_already_used', payment.uuid);
      }
      const balanceCheck = await this.balances.observe({ ...sms.parsed, smsId: sms.smsId });
      const decision = decideMatch(
        payment,
        {
          smsId: sms.smsId,
          amountPaisa: sms.parsed.amountPaisa,
          recordedAt: sms.received.recordedAt,
          balanceCheck,
          readingMayVerify: readingMayVerify(sms.parsed, tenant.receivingAccounts?.[sms.parsed.gateway]),
        },
        tenant.balanceCheck,
        this.clock.now(),
      );
      const metadata = this.metadata(sms);
      try {
        await this.events.append(paymentStream(payment.uuid), [{ ...decision, metadata }], version);
      } catch (error) {
        if (!(error instanceof ExpectedVersionConflictError)) throw error;
        ({ payment, version } = (await this.loadPayment(payment.uuid)) as { payment: Payment; version: number });
        continue;
      }
      this.outcomes.decided(decision, metadata);
      if (decision.type === PAYMENT_EXPIRED) return this.unmatched(sms, 'intent_expired', payment.uuid);
      return this.matched(sms, { ...payment, status: decision.type === PAYMENT_FLAGGED_FOR_REVIEW ? 'manual_review' : 'verified' });
    }
  }

  /**
   * A credit without a reference is never verified automatically; when exactly one payment of
   * the tenant and gateway waits for that amount, the pair goes to manual review.
   */
  private async matchWithoutReference(sms: Sms, tenant: Tenant): Promise<void> {
    const candidates: { payment: Payment; version: number }[] = [];
    for (const uuid of await this.pending.withAmount(tenant.id, sms.parsed.gateway, sms.parsed.amountPaisa, NO_REFERENCE_CANDIDATES)) {
      const loaded = await this.loadPayment(uuid);
      if (!loaded.payment) continue;
      if (loaded.payment.smsId === sms.smsId) return this.matched(sms, loaded.payment);
      if (loaded.payment.status === 'pending') candidates.push(loaded as { payment: Payment; version: number });
    }
    if (candidates.length !== 1) return this.unmatched(sms, 'no_reference', null);
    const [{ payment, version }] = candidates;
    const flagged = {
      type: PAYMENT_FLAGGED_FOR_REVIEW,
      data: {
        paymentId: payment.uuid,
        smsId: sms.smsId,
        amountDetectedPaisa: sms.parsed.amountPaisa,
        reason: 'no_reference_amount_match',
        balanceCheck: await this.balances.observe({ ...sms.parsed, smsId: sms.smsId }),
        flaggedAt: this.clock.now().toISOString(),
      },
      metadata: this.metadata(sms),
    };
    try {
      await this.events.append(paymentStream(payment.uuid), [flagged], version);
    } catch (error) {
      if (!(error instanceof ExpectedVersionConflictError)) throw error;
      return this.matchWithoutReference(sms, tenant);
    }
    this.outcomes.decided(flagged, flagged.metadata);
    return this.matched(sms, { ...payment, status: 'manual_review' });
  }

  /** Only this matcher writes awaiting streams, and it forgets what it read ahead of one it writes. */
  private async firstAwaiting(paymentId: string): Promise<RecordedEvent | undefined> {
    if (this.awaitingReadAhead.has(paymentId)) return this.awaitingReadAhead.get(paymentId);
    return (await this.events.readStream(awaitingStream(paymentId)))[0];
  }

  /** Keeps the SMS for the intent it names; a reference already waiting makes this one a replay. */
  private async awaitIntent(paymentId: string, sms: Sms): Promise<void> {
    const stream = awaitingStream(paymentId);
    this.awaitingReadAhead.delete(paymentId);
    const [first] = await this.events.readStream(stream);
    if (first && (first.data as SmsAwaitingIntentData).smsId !== sms.smsId) {
      return this.unmatched(sms, 'reference_already_used', paymentId);
    }
    if (!first) {
      const data: SmsAwaitingIntentData = { smsId: sms.smsId, paymentId, parsedVersion: sms.parsedVersion };
      try {
        await this.events.append(stream, [{ type: SMS_AWAITING_INTENT, data, metadata: this.metadata(sms) }], NO_STREAM);
      } catch (error) {
        if (!(error instanceof ExpectedVersionConflictError)) throw error;
        return this.awaitIntent(paymentId, sms);
      }
    }
    // The intent may have been registered while this SMS waited: it decides now, or when its event comes.
    const { payment, version } = await this.loadPayment(paymentId);
    if (payment) return this.decide(payment, version, sms, await this.tenant(payment.tenantId));
    return this.unmatched(sms, 'awaiting_intent', paymentId);
  }

  private async matched(sms: Sms, payment: Payment): Promise<void> {
    const status = payment.status === 'verified' ? 'verified' : 'manual_review';
    const data: SmsMatchedData = { smsId: sms.smsId, parsedVersion: sms.parsedVersion, paymentId: payment.uuid, status };
    await this.recordOutcome(sms, SMS_MATCHED, data);
  }

  private async unmatched(sms: Sms, reason: SmsUnmatchedReason, paymentId: string | null): Promise<void> {
    const data: SmsUnmatchedData = { smsId: sms.smsId, parsedVersion: sms.parsedVersion, reason, paymentId };
    if (await this.recordOutcome(sms, SMS_UNMATCHED, data)) this.outcomes.unmatched(data, this.metadata(sms));
  }

  /** Appends the SMS's outcome unless it is recorded already; answers whether it appended. */
  private async recordOutcome(sms: Sms, type: string, data: SmsMatchedData | SmsUnmatchedData): Promise<boolean> {
    const current = await this.events.readStream(smsStream(sms.smsId), sms.parsedVersion);
    const outcomes = current.filter((e) => isOutcomeOfParse(e, sms.parsedVersion));
    // An SMS that waited for its intent gets a second, final outcome when the intent comes.
    if (outcomes.some((e) => e.type === type && JSON.stringify(e.data) === JSON.stringify(data))) return false;
    await this.events.append(smsStream(sms.smsId), [{ type, data, metadata: this.metadata(sms) }], ANY_VERSION);
    return true;
  }

  private outcomeOf(sms: Sms): RecordedEvent | undefined {
    return sms.history.find((e) => isOutcomeOfParse(e, sms.parsedVersion));
  }

  private async loadSms(smsId: string, parsedVersion: number): Promise<Sms | null> {
    const history = await this.events.readStream(smsStream(smsId));
    const received = history.find((e) => e.type === SMS_RECEIVED);
    const parsed = history.find((e) => e.streamVersion === parsedVersion && e.type === SMS_PARSED);
    if (!received || !parsed) return null;
    return { smsId, parsedVersion, parsed: parsed.data as SmsParsedData, received: received.data as SmsReceivedData, history };
  }

  private async loadPayment(paymentId: string): Promise<{ payment: Payment | null; version: number }> {
    const history = await this.events.readStream(paymentStream(paymentId));
    return { payment: foldPayment(history), version: history.at(-1)?.streamVersion ?? 0 };
  }

  private async tenant(tenantId: string): Promise<Tenant> {
    const tenant = await this.tenants.find(tenantId);
    if (!tenant) throw new Error(`Unknown tenant ${tenantId}`);
    return tenant;
  }

  /** Decisions carry the correlation id of the request that forwarded the SMS. */
  private metadata(sms: Sms): EventMetadata {
    const [received] = sms.history;
    return { tenantId: sms.parsed.tenantId, correlationId: received.metadata.correlationId, causationId: received.id };
  }
}

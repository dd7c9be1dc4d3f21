import { PAYMENT_EXPIRED, SMS_MATCHED, SMS_UNMATCHED, SmsOutcome, SmsUnmatchedReason, isPaymentIntentRegistered, isSmsParsed } from '@pvs/contracts';
import { Payment, paymentIdFor, receivedByMerchant } from '@pvs/domain';
import { Checkpoint, RecordedEvent } from '@pvs/event-store';
import { SpanKind, inSpan, linkActiveSpan } from '@pvs/observability/tracing';
import { Clock } from '@pvs/runtime';
import { MatchOutcomes } from './match-outcomes';
import { LoadedPayment, MatchingStreams, ParsedSms } from './matching-streams';
import { OpenPayments } from './open-payments';

/** Open payments looked at for a credit without a reference: those an operator decided linger until their expiry. */
const NO_REFERENCE_CANDIDATES = 20;

/**
 * One batch's matching: correlates intents and SMS by (tenant, gateway, normalised reference), in either arrival
 * order, by sending commands to the payment, SMS and awaiting-intent streams of one unit of work; the rules are
 * the deciders'. Every command is decided on what is recorded (or staged before it in the batch), so handling an
 * event twice (a redelivery, a replay after a crash) decides nothing twice. What it records is reported once committed.
 */
export class MatchingRun {
  private readonly reports: (() => void)[] = [];
  private readonly awaited: string[] = [];
  private readonly closed: string[] = [];

  constructor(
    private readonly streams: MatchingStreams,
    private readonly open: OpenPayments,
    private readonly clock: Clock,
    private readonly outcomes: MatchOutcomes,
  ) {}

  /**
   * Decides the batch's events in log order, having read what they name ahead. Each is weighed in a span of the
   * trace of the request that recorded it, so the decisions it records (and their webhooks) join that trace.
   */
  async match(batch: readonly RecordedEvent[]): Promise<void> {
    await this.streams.readAhead(batch);
    for (const event of batch) {
      const weigh = { kind: SpanKind.CONSUMER, attributes: { 'pvs.tenant_id': event.metadata.tenantId ?? '', 'pvs.event_id': event.id } };
      if (isSmsParsed(event)) await inSpan('match SmsParsed', event.metadata, weigh, () => this.matchSms(event.data.smsId, event.streamVersion, event.checkpoint));
      else if (isPaymentIntentRegistered(event)) await inSpan('match PaymentIntentRegistered', event.metadata, weigh, () => this.decideAwaiting(event.data.paymentId));
    }
  }

  /**
   * Decides the payments whose SMS now wait for them, if their intents are registered by now. The intent may
   * have been registered after this run read its stream, and handled by a matcher before this run's commit
   * made the SMS wait: reading the payments again after that commit is what leaves no SMS waiting for an intent
   * that is there (an SMS and its intent each look for the other after recording themselves).
   */
  async decideAwaited(paymentIds: readonly string[]): Promise<void> {
    for (const paymentId of paymentIds) await this.decideAwaiting(paymentId);
  }

  /** The payments this run made an SMS wait for: look for their intents again once the run is committed. */
  get awaitedIntents(): readonly string[] {
    return this.awaited;
  }

  /** The payments this run found or left verified or failed: the open payments forget them once the run is committed. */
  get closedPayments(): readonly string[] {
    return this.closed;
  }

  /** Counts and logs what the run recorded: call once it is committed. */
  report(): void {
    for (const report of this.reports) report();
  }

  private async matchSms(smsId: string, parsedVersion: number, parsedAt: Checkpoint): Promise<void> {
    const sms = await this.streams.sms(smsId, parsedVersion);
    if (!sms || sms.answered) return;
    const { tenant, parsed } = sms;
    if (!parsed.normalizedReference) return this.matchWithoutReference(sms, parsedAt);
    const paymentId = paymentIdFor(tenant.id, parsed.gateway, parsed.normalizedReference);
    const payment = await this.streams.payment(paymentId);
    if (!payment.state) return this.awaitIntent(paymentId, sms);
    // An SMS that waited for this intent came first: it decides before this one is weighed.
    const decidedFirst = await this.decideAwaiting(paymentId);
    return this.decide(paymentId, sms, decidedFirst ? undefined : payment);
  }

  /** Decides a pending payment on the SMS that named it before it was registered; answers whether one was waiting. */
  private async decideAwaiting(paymentId: string): Promise<boolean> {
    const waiting = await this.streams.awaiting(paymentId);
    if (!waiting) return false;
    const payment = await this.streams.payment(paymentId);
    const sms = payment.state?.status === 'pending' ? await this.streams.sms(waiting.smsId, waiting.parsedVersion) : null;
    if (sms) await this.decide(paymentId, sms, payment);
    return true;
  }

  /** Keeps the SMS for the intent it names (looked for again once this is committed: see `awaitedIntents`). */
  private async awaitIntent(paymentId: string, sms: ParsedSms): Promise<void> {
    if (!(await this.streams.awaitIntent(paymentId, sms))) return this.unmatched(sms, 'reference_already_used', paymentId);
    this.awaited.push(paymentId);
    return this.unmatched(sms, 'awaiting_intent', paymentId);
  }

  /** Decides the payment on the evidence of the SMS; then the SMS's outcome follows from the payment. */
  private async decide(paymentId: string, sms: ParsedSms, known?: LoadedPayment): Promise<void> {
    // Read once: the same stream state tells whether to observe the balance and is what the command decides on.
    const payment = known ?? (await this.streams.payment(paymentId));
    linkActiveSpan(payment.events[0]?.metadata, sms.forwardedIn);
    const evidence = { ...sms.evidence, balanceCheck: payment.state?.status === 'pending' ? await this.streams.observeBalance(sms) : 'unknown' } as const;
    const command = { type: 'DecideOnSms', evidence, balanceMode: sms.tenant.balanceCheck, now: this.clock.now() } as const;
    const decided = await this.streams.decidePayment(paymentId, command, sms, payment);
    for (const event of decided.events) this.reports.push(() => this.outcomes.decided(event, sms.metadata));
    this.noteIfClosed(paymentId, decided.state);
    if (decided.events.some((event) => event.type === PAYMENT_EXPIRED)) return this.unmatched(sms, 'intent_expired', paymentId);
    return this.answer(sms, decided.state, paymentId);
  }

  /**
   * A credit without a reference is never verified automatically; when exactly one payment of
   * the tenant and gateway waits for that amount, the pair goes to manual review. Such a weak
   * pairing needs the credit to be the merchant's: stated to a configured account when any is. Only payments
   * registered before the credit was parsed are weighed, so the pairing does not depend on where batches end.
   */
  private async matchWithoutReference(sms: ParsedSms, parsedAt: Checkpoint): Promise<void> {
    const { tenant, parsed } = sms;
    if (!receivedByMerchant(tenant.receivingAccounts?.[parsed.gateway], parsed.receivingAccount)) return this.unmatched(sms, 'foreign_account', null);
    const candidates: { paymentId: string; payment: LoadedPayment }[] = [];
    for (const paymentId of await this.open.withAmount(tenant.id, parsed.gateway, parsed.amountPaisa, parsedAt, NO_REFERENCE_CANDIDATES)) {
      const payment = await this.streams.payment(paymentId);
      if (payment.state?.smsId === sms.smsId) return this.answer(sms, payment.state, paymentId);
      if (payment.state?.status === 'pending') candidates.push({ paymentId, payment });
      this.noteIfClosed(paymentId, payment.state);
      if (candidates.length > 1) break;
    }
    if (candidates.length !== 1) return this.unmatched(sms, 'no_reference', null);
    const [{ paymentId, payment }] = candidates;
    linkActiveSpan(payment.events[0]?.metadata, sms.forwardedIn);
    const balanceCheck = await this.streams.observeBalance(sms);
    const command = { type: 'FlagUnreferencedCredit', smsId: sms.smsId, amountPaisa: sms.parsed.amountPaisa, balanceCheck, now: this.clock.now() } as const;
    const decided = await this.streams.decidePayment(paymentId, command, sms, payment);
    for (const event of decided.events) this.reports.push(() => this.outcomes.decided(event, sms.metadata));
    // Decided on another SMS meanwhile: none is left for this one.
    return decided.state?.smsId === sms.smsId ? this.answer(sms, decided.state, paymentId) : this.unmatched(sms, 'no_reference', null);
  }

  private noteIfClosed(paymentId: string, payment: Payment | null): void {
    if (payment?.status === 'verified' || payment?.status === 'failed') this.closed.push(paymentId);
  }

  /** The SMS's outcome, from the payment as its stream now is. */
  private answer(sms: ParsedSms, payment: Payment | null, paymentId: string): Promise<void> {
    if (payment?.smsId !== sms.smsId) return this.unmatched(sms, payment?.status === 'failed' ? 'intent_decided' : 'reference_already_used', paymentId);
    const status = payment.status === 'verified' ? 'verified' : 'manual_review';
    return this.record(sms, { type: SMS_MATCHED, data: { smsId: sms.smsId, parsedVersion: sms.parsedVersion, paymentId, status } });
  }

  private unmatched(sms: ParsedSms, reason: SmsUnmatchedReason, paymentId: string | null): Promise<void> {
    return this.record(sms, { type: SMS_UNMATCHED, data: { smsId: sms.smsId, parsedVersion: sms.parsedVersion, reason, paymentId } });
  }

  private async record(sms: ParsedSms, outcome: SmsOutcome): Promise<void> {
    const recorded = await this.streams.recordOutcome(sms, outcome);
    if (recorded && outcome.type === SMS_UNMATCHED) this.reports.push(() => this.outcomes.unmatched(outcome.data, sms.metadata));
  }
}

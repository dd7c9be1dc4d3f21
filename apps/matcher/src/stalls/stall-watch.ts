import { randomUUID } from 'node:crypto';
import { Gateway, PaymentStalledData, SMS_TEMPLATES_STREAM, StallEvidence, stallStream, tenantStream } from '@pvs/contracts';
import { StallLimits, isStalled, learnedTemplateSetFor, learnedTemplatesDecider, likelyStallReason, stallDecider, tenantDecider, usualVerifyMs } from '@pvs/domain';
import { EventStore, foldStream, handleCommand } from '@pvs/event-store';
import { ERASED, PayerDataVault } from '@pvs/payer-data';
import { ALERTS_PROJECTION, FORWARDERS_PROJECTION, LEDGERS_PROJECTION, PAYMENTS_PROJECTION, PendingPayment, RejectedSms, SMS_PROJECTION, StallCandidates } from '@pvs/read-model';
import { parseSms } from '@pvs/sms-parsers';
import { NOTHING_RAISED, Watch, WatchRound, latestOf, roundOf } from '../watching/watch-schedule';

const BATCH = 500;
const DAY_MS = 86_400_000;
/** The history a tenant's usual time to verify is learnt from. */
const LEARNT_FROM_MS = 30 * DAY_MS;
/** How far before its intent an SMS naming a payment is looked for (a payer may pay first). */
const SMS_BEFORE_INTENT_MS = DAY_MS;
/** How many of a tenant's latest rejected SMS are searched for a stalled payment's reference. */
const REJECTED_SEARCHED = 500;

/**
 * Finds payments pending well past the usual time to verify for their tenant and gateway, and records each one's
 * stall once with its likeliest reason: an SMS naming its reference that was not read as a credit (and whether a
 * learned wording would read it now), a gap in a ledger of its amount, a phone carrying its gateway found silent
 * while it waited, or none known. While a phone that may carry it has said nothing since before it was registered and
 * is not found silent yet, the stall waits for that verdict (at most the phone's usual quiet, within the ceiling). Driven by stored
 * state: the read model lists payments pending past the floor and not yet stalled (an index range); each payment's
 * stall stream decides, so a restart records nothing twice. The usual times are reckoned for a page at a time and kept
 * ten minutes.
 */
/** How long a tenant and gateway's usual time to verify is kept before it is reckoned again. */
const USUAL_KEPT_MS = 10 * 60_000;

const keyOf = ({ tenantId, gateway }: { readonly tenantId: string; readonly gateway: Gateway }) => `${tenantId}\n${gateway}`;

export class StallWatch implements Watch {
  readonly reads = [PAYMENTS_PROJECTION, SMS_PROJECTION, LEDGERS_PROJECTION, FORWARDERS_PROJECTION, ALERTS_PROJECTION];
  /** Each tenant and gateway's usual time to verify, and when it was reckoned. */
  private readonly usual = new Map<string, { readonly usualMs: number; readonly at: number }>();

  constructor(
    private readonly events: EventStore,
    private readonly candidates: StallCandidates,
    private readonly payerData: PayerDataVault,
    private readonly limits: StallLimits,
  ) {}

  /** Records the stalls due now. */
  async round(now: Date): Promise<WatchRound> {
    const before = new Date(now.getTime() - 2 * this.limits.floorMs);
    const correlationId = randomUUID();
    let result = NOTHING_RAISED;
    for (let page = await this.candidates.pendingSince(before, BATCH); page.length > 0; page = page.length < BATCH ? [] : await this.candidates.pendingSince(before, BATCH, page.at(-1))) {
      const usual = await this.usualFor(page, now);
      for (const payment of page) {
        const usualMs = usual.get(keyOf(payment)) ?? this.limits.defaultMs;
        if (!isStalled(now.getTime() - payment.createdAt.getTime(), usualMs)) continue;
        // A phone that may carry it has said nothing since before it was registered: wait for the verdict on its silence.
        if (await this.candidates.quietCarrierSince(payment.tenantId, payment.gateway, payment.createdAt, new Date(now.getTime() - LEARNT_FROM_MS))) continue;
        result = latestOf(result, await this.record(payment, usualMs, now, correlationId));
      }
    }
    return result;
  }

  /** The usual time to verify of each tenant and gateway of a page: kept a while, the missing ones read in one statement. */
  private async usualFor(page: readonly PendingPayment[], now: Date): Promise<Map<string, number>> {
    const missing = new Map<string, PendingPayment>();
    for (const payment of page) {
      const kept = this.usual.get(keyOf(payment));
      if (!kept || now.getTime() - kept.at >= USUAL_KEPT_MS) missing.set(keyOf(payment), payment);
    }
    if (missing.size > 0) {
      const histories = await this.candidates.verifyDurationsMs([...missing.values()], new Date(now.getTime() - LEARNT_FROM_MS));
      for (const key of missing.keys()) this.usual.set(key, { usualMs: usualVerifyMs(histories.get(key) ?? [], this.limits), at: now.getTime() });
    }
    return new Map(page.map((payment) => [keyOf(payment), this.usual.get(keyOf(payment))?.usualMs ?? this.limits.defaultMs]));
  }

  private async record(payment: PendingPayment, usualMs: number, now: Date, correlationId: string): Promise<WatchRound> {
    const { paymentId, tenantId, gateway, transactionReference, amountPaisa, createdAt } = payment;
    const evidence = await this.evidence(payment);
    const stall: PaymentStalledData = {
      paymentId,
      tenantId,
      gateway,
      transactionReference,
      amountPaisa,
      registeredAt: createdAt.toISOString(),
      usualMs,
      reason: likelyStallReason(evidence),
      evidence,
      detectedAt: now.toISOString(),
    };
    const result = await handleCommand(this.events, stallStream(paymentId), stallDecider, stall, { metadata: { tenantId, correlationId } });
    return roundOf(result);
  }

  private async evidence({ paymentId, tenantId, gateway, transactionReference, amountPaisa, createdAt }: PendingPayment): Promise<StallEvidence> {
    const [rejected, gapIds, silentForwarderIds] = await Promise.all([
      this.rejectedNaming(tenantId, transactionReference, new Date(createdAt.getTime() - SMS_BEFORE_INTENT_MS)),
      this.candidates.gapsFor(tenantId, gateway, amountPaisa, paymentId),
      this.candidates.silentDuring(tenantId, gateway, createdAt),
    ]);
    const rejectedSms = rejected && { smsId: rejected.sms.smsId, reason: rejected.sms.reason, readableNow: await this.readableNow(tenantId, gateway, rejected.sms, rejected.text) };
    return { rejectedSms, gapIds, silentForwarderIds };
  }

  /** The latest SMS of the tenant since `since`, not read as a credit, whose text holds the reference; with its text. */
  private async rejectedNaming(tenantId: string, reference: string, since: Date): Promise<{ sms: RejectedSms; text: string } | null> {
    const rejected = await this.candidates.rejectedSince(tenantId, since, REJECTED_SEARCHED);
    const texts = await this.payerData.revealAll(rejected.map((sms) => ({ tenantId, stored: sms.body })));
    const wanted = reference.toUpperCase();
    for (const [at, sms] of rejected.entries()) {
      const text = texts[at];
      if (text !== ERASED && text.toUpperCase().includes(wanted)) return { sms, text };
    }
    return null;
  }

  /** Whether the wordings taught so far, with the tenant's senders as they are now, read the SMS as a credit of the gateway. */
  private async readableNow(tenantId: string, gateway: Gateway, sms: RejectedSms, body: string): Promise<boolean> {
    const [templates, tenantEvents] = await Promise.all([this.events.readStream(SMS_TEMPLATES_STREAM), this.events.readStream(tenantStream(tenantId))]);
    const tenant = foldStream(tenantEvents, tenantDecider).state;
    const learned = learnedTemplateSetFor(foldStream(templates, learnedTemplatesDecider).state, tenantId);
    const reading = parseSms({ sender: sms.sender, body, receivedAt: sms.receivedAt ?? sms.recordedAt }, { allowedSenders: tenant?.allowedSenders ?? undefined, learned });
    return reading.ok && reading.gateway === gateway;
  }
}

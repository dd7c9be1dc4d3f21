import { createHash } from 'node:crypto';
import { BALANCE_CATEGORY, BalanceCheck, Event, SmsOutcome, SmsParsedData, awaitingStream, isPaymentIntentRegistered, isSmsParsed, paymentStream, smsStream, tenantStream } from '@pvs/contracts';
import {
  AwaitingState,
  Evidence,
  PaymentCommand,
  PaymentState,
  awaitingIntentDecider,
  balanceChainFor,
  creditParsedAt,
  outcomesOfParse,
  paymentDecider,
  paymentIdFor,
  readingDoubt,
  smsDecider,
  Tenant,
  tenantDecider,
} from '@pvs/domain';
import { CommandResult, EventMetadata, RecordedEvent, TraceCarrier, UnitOfWork, aggregateStream, foldStream, handleCommand } from '@pvs/event-store';

/** A parsed SMS as the matcher works with it. */
export interface ParsedSms {
  readonly smsId: string;
  readonly parsedVersion: number;
  readonly parsed: SmsParsedData;
  readonly tenant: Tenant;
  /** What it shows of a payment, but for the balance check (observed only when a pending payment is decided on it). */
  readonly evidence: Omit<Evidence, 'balanceCheck'>;
  /** Whether an outcome is recorded for this parse already (this event is handled again). */
  readonly answered: boolean;
  /** What its decisions carry: the correlation id of the request that forwarded it. */
  readonly metadata: EventMetadata;
  /** The trace of the request that forwarded it, when it was traced. */
  readonly forwardedIn: TraceCarrier;
}

/** A payment stream as read: its state, the version it was read at, and its events (the intent's, first). */
export interface LoadedPayment {
  readonly state: PaymentState;
  readonly version: number;
  readonly events: readonly RecordedEvent[];
}

/**
 * The streams the matcher reads and the commands it sends them, each through the one command path, within
 * one unit of work: what a command records is staged, read by the commands after it, and committed with the batch.
 */
export class MatchingStreams {
  constructor(private readonly unit: UnitOfWork) {}

  /**
   * Reads in two round trips every stream the batch's events name: each SMS's or intent's tenant, each SMS, the
   * payment and awaiting streams of the payments they name, the balance chains of credits that state a balance;
   * then the SMS found waiting. A tenant is read with the batch, so a change of its settings counts
   * from the next batch on, in every matcher.
   */
  async readAhead(batch: readonly RecordedEvent[]): Promise<void> {
    const paymentIds = batch.flatMap(namedPayment);
    await this.unit.readAhead([
      ...batch.filter(isSmsParsed).flatMap(({ data }) => [smsStream(data.smsId), tenantStream(data.tenantId), ...(data.balancePaisa === null ? [] : [balanceStream(data)])]),
      ...batch.filter(isPaymentIntentRegistered).map(({ data }) => tenantStream(data.tenantId)),
      ...paymentIds.flatMap((paymentId) => [paymentStream(paymentId), awaitingStream(paymentId)]),
    ]);
    const waiting = await Promise.all(paymentIds.map((paymentId) => this.awaiting(paymentId)));
    await this.unit.readAhead(waiting.flatMap((state) => (state ? [smsStream(state.smsId)] : [])));
  }

  async sms(smsId: string, parsedVersion: number): Promise<ParsedSms | null> {
    const { state, events } = await aggregateStream(this.unit, smsStream(smsId), smsDecider);
    const parse = creditParsedAt(state, parsedVersion);
    const [received] = events;
    if (!parse || !state.received || !received) return null;
    const parsed = parse.data;
    const tenant = foldStream(await this.unit.readStream(tenantStream(parsed.tenantId)), tenantDecider).state;
    if (!tenant) throw new Error(`Unknown tenant ${parsed.tenantId}`);
    return {
      smsId,
      parsedVersion,
      parsed,
      tenant,
      evidence: {
        smsId,
        amountPaisa: parsed.amountPaisa,
        recordedAt: state.received.recordedAt,
        doubt: readingDoubt(parsed, tenant.receivingAccounts?.[parsed.gateway], tenant.verificationPolicy),
      },
      answered: outcomesOfParse(state, parsedVersion).length > 0,
      metadata: { tenantId: parse.data.tenantId, correlationId: received.metadata.correlationId, causationId: received.id },
      forwardedIn: received.metadata,
    };
  }

  payment(paymentId: string): Promise<LoadedPayment> {
    return aggregateStream(this.unit, paymentStream(paymentId), paymentDecider);
  }

  async awaiting(paymentId: string): Promise<AwaitingState> {
    return (await aggregateStream(this.unit, awaitingStream(paymentId), awaitingIntentDecider)).state;
  }

  async decidePayment(paymentId: string, command: PaymentCommand, sms: ParsedSms, known?: LoadedPayment) {
    return settled(await handleCommand(this.unit, paymentStream(paymentId), paymentDecider, command, { metadata: sms.metadata, known }));
  }

  /** Whether the SMS now waits for the payment's intent (false: another SMS waits already). */
  async awaitIntent(paymentId: string, sms: ParsedSms): Promise<boolean> {
    const command = { smsId: sms.smsId, paymentId, parsedVersion: sms.parsedVersion };
    const waiting = await handleCommand(this.unit, awaitingStream(paymentId), awaitingIntentDecider, command, { metadata: sms.metadata });
    return waiting.ok;
  }

  /** Whether the SMS's stated balance follows from the last one stated on that account. */
  async observeBalance(sms: ParsedSms): Promise<BalanceCheck> {
    const { parsed } = sms;
    if (parsed.balancePaisa === null) return 'unknown';
    const command = { smsId: sms.smsId, amountPaisa: parsed.amountPaisa, balancePaisa: parsed.balancePaisa };
    const observed = settled(await handleCommand(this.unit, balanceStream(parsed), balanceChainFor(sms.smsId), command, { metadata: sms.metadata }));
    return observed.state.check ?? 'unknown';
  }

  /** Records the outcome unless the same one is recorded already; answers whether it recorded it. */
  async recordOutcome(sms: ParsedSms, outcome: SmsOutcome): Promise<boolean> {
    const recorded = settled(await handleCommand(this.unit, smsStream(sms.smsId), smsDecider, { type: 'RecordOutcome', outcome }, { metadata: sms.metadata }));
    return recorded.events.length > 0;
  }
}

function settled<State, E extends Event>(result: CommandResult<State, E>): Extract<CommandResult<State, E>, { ok: true }> {
  if (!result.ok) throw new Error(`Matching command refused: ${result.refusal.message}`);
  return result;
}

/** The balance chain of the account a credit names. */
function balanceStream({ tenantId, gateway, receivingAccount }: SmsParsedData): string {
  // Wallet alerts rarely name the wallet: one chain per gateway then (the tenant's one wallet).
  const key = createHash('sha256').update(`${tenantId}\n${gateway}\n${receivingAccount ?? 'unstated'}`).digest('hex').slice(0, 32);
  return `${BALANCE_CATEGORY}-${key}`;
}

/** The payment an intent registers, or the one a parsed SMS names by its reference. */
function namedPayment(event: RecordedEvent): string[] {
  if (isPaymentIntentRegistered(event)) return [event.data.paymentId];
  if (!isSmsParsed(event) || !event.data.normalizedReference) return [];
  const { tenantId, gateway, normalizedReference } = event.data;
  return [paymentIdFor(tenantId, gateway, normalizedReference)];
}

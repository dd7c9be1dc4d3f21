import { createHash } from 'node:crypto';
import { BALANCE_CATEGORY, BalanceCheck, Event, SmsOutcome, SmsParsedData, awaitingStream, isPaymentIntentRegistered, isSmsParsed, paymentStream, smsStream } from '@pvs/contracts';
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
  readingMayVerify,
  smsDecider,
  Tenant,
} from '@pvs/domain';
import { CommandResult, EventMetadata, EventStore, RecordedEvent, aggregateStream, foldStream, handleCommand } from '@pvs/event-store';
import { TenantDirectory } from '@pvs/tenants';

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
}

/** A payment stream as read: its state and the version it was read at. */
export interface LoadedPayment {
  readonly state: PaymentState;
  readonly version: number;
}

/** Which SMS waits for each payment a batch names, read ahead for payments only one of its events names. */
export type AwaitingReadAhead = ReadonlyMap<string, AwaitingState>;

/**
 * The streams the matcher reads and the commands it sends them, each through the one command path.
 * A command still refused after its retries (the stream kept changing) fails the batch, which is then handled again.
 */
export class MatchingStreams {
  constructor(
    private readonly events: EventStore,
    private readonly tenants: TenantDirectory,
  ) {}

  async sms(smsId: string, parsedVersion: number): Promise<ParsedSms | null> {
    const { state, events } = await aggregateStream(this.events, smsStream(smsId), smsDecider);
    const parse = creditParsedAt(state, parsedVersion);
    const [received] = events;
    if (!parse || !state.received || !received) return null;
    const parsed = parse.data;
    const tenant = await this.tenants.find(parsed.tenantId);
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
        readingMayVerify: readingMayVerify(parsed, tenant.receivingAccounts?.[parsed.gateway]),
      },
      answered: outcomesOfParse(state, parsedVersion).length > 0,
      metadata: { tenantId: parse.data.tenantId, correlationId: received.metadata.correlationId, causationId: received.id },
    };
  }

  payment(paymentId: string): Promise<LoadedPayment> {
    return aggregateStream(this.events, paymentStream(paymentId), paymentDecider);
  }

  async awaiting(paymentId: string): Promise<AwaitingState> {
    return (await aggregateStream(this.events, awaitingStream(paymentId), awaitingIntentDecider)).state;
  }

  /**
   * The awaiting streams of the payments the batch names, in one round trip. Only an SMS that finds no payment
   * writes one, so a payment two SMS of the batch name is left out, to be read when needed (the first may make
   * the second find another SMS waiting); an intent in the batch is committed already, so an SMS naming it
   * never finds it missing.
   */
  async awaitingReadAhead(batch: readonly RecordedEvent[]): Promise<AwaitingReadAhead> {
    const namedBySms = batch.filter(isSmsParsed).flatMap(namedPayment);
    const twice = new Set(namedBySms.filter((paymentId, i) => namedBySms.indexOf(paymentId) !== i));
    const paymentIds = [...new Set(batch.flatMap(namedPayment))].filter((paymentId) => !twice.has(paymentId));
    const streams = await this.events.readStreams(paymentIds.map(awaitingStream));
    return new Map(paymentIds.map((paymentId) => [paymentId, foldStream(streams.get(awaitingStream(paymentId)) ?? [], awaitingIntentDecider).state]));
  }

  async decidePayment(paymentId: string, command: PaymentCommand, sms: ParsedSms, known?: LoadedPayment) {
    return settled(await handleCommand(this.events, paymentStream(paymentId), paymentDecider, command, { metadata: sms.metadata, known }));
  }

  /** Whether the SMS now waits for the payment's intent (false: another SMS waits already). */
  async awaitIntent(paymentId: string, sms: ParsedSms): Promise<boolean> {
    const command = { smsId: sms.smsId, paymentId, parsedVersion: sms.parsedVersion };
    const waiting = await handleCommand(this.events, awaitingStream(paymentId), awaitingIntentDecider, command, { metadata: sms.metadata });
    return waiting.ok;
  }

  /** Whether the SMS's stated balance follows from the last one stated on that account. */
  async observeBalance(sms: ParsedSms): Promise<BalanceCheck> {
    const { parsed } = sms;
    if (parsed.balancePaisa === null) return 'unknown';
    // Wallet alerts rarely name the wallet: one chain per gateway then (the tenant's one wallet).
    const account = parsed.receivingAccount ?? 'unstated';
    const key = createHash('sha256').update(`${parsed.tenantId}\n${parsed.gateway}\n${account}`).digest('hex').slice(0, 32);
    const command = { smsId: sms.smsId, amountPaisa: parsed.amountPaisa, balancePaisa: parsed.balancePaisa };
    const observed = settled(await handleCommand(this.events, `${BALANCE_CATEGORY}-${key}`, balanceChainFor(sms.smsId), command, { metadata: sms.metadata }));
    return observed.state.check ?? 'unknown';
  }

  /** Records the outcome unless the same one is recorded already; answers whether it recorded it. */
  async recordOutcome(sms: ParsedSms, outcome: SmsOutcome): Promise<boolean> {
    const recorded = settled(await handleCommand(this.events, smsStream(sms.smsId), smsDecider, { type: 'RecordOutcome', outcome }, { metadata: sms.metadata }));
    return recorded.events.length > 0;
  }
}

function settled<State, E extends Event>(result: CommandResult<State, E>): Extract<CommandResult<State, E>, { ok: true }> {
  if (!result.ok) throw new Error(`Matching command refused: ${result.refusal.message}`);
  return result;
}

/** The payment an intent registers, or the one a parsed SMS names by its reference. */
function namedPayment(event: RecordedEvent): string[] {
  if (isPaymentIntentRegistered(event)) return [event.data.paymentId];
  if (!isSmsParsed(event) || !event.data.normalizedReference) return [];
  const { tenantId, gateway, normalizedReference } = event.data;
  return [paymentIdFor(tenantId, gateway, normalizedReference)];
}

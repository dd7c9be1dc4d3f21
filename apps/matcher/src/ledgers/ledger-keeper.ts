import { BalanceStatement, LedgerAccount, MoneyDirection, SMS_CATEGORY, SMS_PARSED, SMS_REJECTED, Gateway, isSmsParsed, isSmsReceived, isSmsRejected, ledgerStream, smsStream } from '@pvs/contracts';
import { ledgerDecider, ledgerKeyFor } from '@pvs/domain';
import { EventFilter, EventStore, RecordedEvent, handleCommand } from '@pvs/event-store';
import { Clock } from '@pvs/runtime';

export const LEDGER_KEEPER = {
  name: 'ledger-keeper',
  filter: { categories: [SMS_CATEGORY], types: [SMS_PARSED, SMS_REJECTED] },
} as const satisfies { name: string; filter: EventFilter };

/** What an SMS reading says of its account's balance: a credit or a debit, and the balance after it. */
interface Step {
  readonly smsId: string;
  readonly tenantId: string;
  readonly gateway: Gateway;
  readonly account: string | null;
  readonly direction: MoneyDirection;
  readonly amountPaisa: number;
  readonly balancePaisa: number;
}

/** A phone's clock can be wrong; a time after we recorded the SMS certainly is: the ledger orders it by ours then. */
const CLOCK_SKEW_MS = 60_000;

function phoneTime(receivedAt: string | null, recordedAt: string): string {
  return receivedAt !== null && Date.parse(receivedAt) <= Date.parse(recordedAt) + CLOCK_SKEW_MS ? receivedAt : recordedAt;
}

function stepOf(event: RecordedEvent): Step | null {
  if (isSmsParsed(event)) {
    const { smsId, tenantId, gateway, receivingAccount, amountPaisa, balancePaisa } = event.data;
    return balancePaisa === null ? null : { smsId, tenantId, gateway, account: receivingAccount, direction: 'credit', amountPaisa, balancePaisa };
  }
  if (isSmsRejected(event) && event.data.debit) {
    const { smsId, tenantId, debit } = event.data;
    return { smsId, tenantId, gateway: debit.gateway, account: debit.account, direction: 'debit', amountPaisa: debit.amountPaisa, balancePaisa: debit.balancePaisa };
  }
  return null;
}

/**
 * Keeps each receiving account's ledger: every credit and debit whose SMS states the balance after it becomes a
 * statement of its account, dated when the phone received it. A statement is recorded once (a reparse adds nothing).
 */
export class LedgerKeeper {
  constructor(
    private readonly events: EventStore,
    private readonly clock: Clock,
  ) {}

  async handleBatch(batch: readonly RecordedEvent[]): Promise<void> {
    const steps = batch.flatMap((event) => {
      const step = stepOf(event);
      return step ? [{ step, event }] : [];
    });
    if (steps.length === 0) return;
    // When each phone received its SMS: one read for the batch's SMS streams.
    const streams = await this.events.readStreams([...new Set(steps.map(({ step }) => smsStream(step.smsId)))]);
    for (const { step, event } of steps) await this.state(step, event, streams.get(smsStream(step.smsId)) ?? []);
  }

  private async state(step: Step, event: RecordedEvent, sms: readonly RecordedEvent[]): Promise<void> {
    const received = sms.find(isSmsReceived);
    if (!received) throw new Error(`SMS ${step.smsId} was read but never received`);
    const { receivedAt, recordedAt } = received.data;
    const account: LedgerAccount = { accountKey: ledgerKeyFor(step.tenantId, step.gateway, step.account), tenantId: step.tenantId, gateway: step.gateway, account: step.account };
    const statement: BalanceStatement = { smsId: step.smsId, direction: step.direction, amountPaisa: step.amountPaisa, balancePaisa: step.balancePaisa, at: phoneTime(receivedAt, recordedAt), recordedAt };
    const metadata = { tenantId: step.tenantId, correlationId: event.metadata.correlationId, causationId: event.id };
    const result = await handleCommand(this.events, ledgerStream(account.accountKey), ledgerDecider, { type: 'State', account, statement, now: this.clock.now() }, { metadata });
    if (!result.ok) throw new Error(`Ledger ${account.accountKey} refused statement ${step.smsId}: ${result.refusal.message}`);
  }
}

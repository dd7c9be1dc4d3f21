import { Inject, Injectable } from '@nestjs/common';
import { Paisa, SMS_CATEGORY, SMS_MATCHED, SMS_PARSED, SMS_REJECTED, SMS_UNMATCHED, SmsOutcome, SmsParse, SmsReceivedData, isOutcomeOfParse, smsStream } from '@pvs/contracts';
import { ForwarderHandle, NO_SMS, Result, SmsCommand, Tenant, accountCarriedBy, forwarderIdOf, outcomesOfParse, refused, smsDecider, smsIdFor, succeed } from '@pvs/domain';
import { APPEND_SIGNALS, AppendSignals, Checkpoint, EVENT_STORE, EventFilter, EventStore, RecordedEvent, handleCommand } from '@pvs/event-store';
import { METRICS, Metrics } from '@pvs/observability';
import { ERASED } from '@pvs/payer-data';
import { CLOCK, Clock } from '@pvs/runtime';
import { normalizeSender } from '@pvs/sms-parsers';
import { GATEWAY_CONFIG, GatewayConfig } from '../../gateway-config';
import { LEARNED_TEMPLATE_REGISTRY, LearnedTemplateRegistry } from '../learned-templates/learned-template-registry';
import { parseRecordedSms } from '../sms-parsing';
import { SmsPayerData } from '../sms-payer-data';
import { FORWARDER_REGISTRY, ForwarderRegistry } from '../../forwarders/forwarder-registry';
import { ForwardedSms } from './forwarded-sms';
import { rejectionMessage } from './rejection-messages';

export const INGEST_STATUSES = ['verified', 'manual_review', 'unmatched', 'processing'] as const;
export type IngestStatus = (typeof INGEST_STATUSES)[number];

/** What became of a forwarded SMS: its reading and, within the wait, the matcher's word on it. */
export interface IngestOutcome {
  readonly status: IngestStatus;
  readonly paymentId: string | null;
  readonly reference: string | null;
  readonly amountPaisa: Paisa;
}

const POLL_MS = 25;
/** The matcher's outcomes, as the wait follows them in the log. */
const SMS_OUTCOMES: EventFilter = { categories: [SMS_CATEGORY], types: [SMS_MATCHED, SMS_UNMATCHED] };
const OUTCOMES_PAGE = 500;

@Injectable()
export class IngestSmsHandler {
  constructor(
    @Inject(EVENT_STORE) private readonly events: EventStore,
    @Inject(APPEND_SIGNALS) private readonly signals: AppendSignals,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
    @Inject(METRICS) private readonly metrics: Metrics,
    @Inject(LEARNED_TEMPLATE_REGISTRY) private readonly learned: LearnedTemplateRegistry,
    @Inject(FORWARDER_REGISTRY) private readonly forwarders: ForwarderRegistry,
    private readonly payerData: SmsPayerData,
  ) {}

  /**
   * Records the SMS exactly as forwarded, with its parse result, in one append, whatever the
   * result. The same SMS again (tenant, sender, body) records nothing and answers as the first
   * time did. Then waits, bounded, for the matcher's outcome.
   */
  async ingest(tenant: Tenant, sms: ForwardedSms, correlationId: string): Promise<Result<IngestOutcome>> {
    const smsId = smsIdFor(tenant.id, normalizeSender(sms.sender), sms.body);
    const stream = smsStream(smsId);
    const phone: ForwarderHandle = { tenantId: tenant.id, app: sms.source, device: sms.device, namedBy: sms.namedBy };
    const received: SmsReceivedData = {
      smsId,
      tenantId: tenant.id,
      sender: sms.sender,
      body: sms.body,
      receivedAt: sms.receivedAt,
      recordedAt: this.clock.now().toISOString(),
      source: sms.source,
      forwarderId: forwarderIdOf(phone),
    };
    const parse = parseRecordedSms(tenant, received, false, this.learned.forTenant(tenant.id));
    await this.forwarders.hear(phone, accountCarriedBy(parse, sms.sim), this.clock.now(), correlationId);
    const record = await this.sealed(received, parse, merchantAccountsOf(tenant, parse));
    // Almost every SMS is new: it is appended without a read, and a repeat is read on the conflict.
    const recorded = await handleCommand(this.events, stream, smsDecider, record, {
      metadata: { tenantId: tenant.id, correlationId },
      known: { state: NO_SMS, version: 0 },
    });
    if (!recorded.ok || !recorded.state.lastParse || recorded.checkpoint === null) throw new Error(`SMS ${smsId} was recorded without its parse`);
    if (recorded.events.length > 0 && parse.type === SMS_REJECTED) this.metrics.smsRejections.inc({ reason: parse.data.reason });
    const { event: lastParse, version: parsedVersion } = recorded.state.lastParse;
    if (lastParse.type === SMS_REJECTED) return refused('unprocessable', rejectionMessage(lastParse.data.reason));
    const known = { reference: lastParse.data.reference, amountPaisa: lastParse.data.amountPaisa };
    const decided = await this.waitForOutcome(stream, parsedVersion, outcomesOfParse(recorded.state, parsedVersion), recorded.checkpoint);
    if (!decided) return succeed({ status: 'processing', paymentId: null, ...known });
    if (decided.type === SMS_MATCHED) return succeed({ status: decided.data.status, paymentId: decided.data.paymentId, ...known });
    return succeed({ status: 'unmatched', paymentId: null, ...known });
  }

  /**
   * What is recorded of the SMS: its body and the payer it names sealed under the SMS's key. An SMS whose payer data
   * was erased is one recorded before, whose stream takes nothing more: it is answered as a repeat is.
   */
  private async sealed(received: SmsReceivedData, parse: SmsParse, merchantAccounts: readonly string[]): Promise<SmsCommand> {
    const sealed = await this.payerData.sealReceived(received, merchantAccounts);
    return { type: 'Record', received: sealed === ERASED ? { ...received, body: '' } : sealed, parse: await this.payerData.sealParse(parse) };
  }

  /**
   * The matcher's final word on one parse: a match, else the latest "unmatched", within the bound.
   * Outcomes come after what was recorded, so the wait follows the log's outcomes from there: every
   * waiting ingest is answered by the reads the process makes anyway, not by a read of its own stream.
   */
  private async waitForOutcome(stream: string, parsedVersion: number, recorded: readonly SmsOutcome[], recordedUpTo: Checkpoint): Promise<SmsOutcome | null> {
    const deadline = Date.now() + this.config.smsDecisionWaitMs;
    let outcomes = recorded;
    let after = recordedUpTo;
    let morePages = false;
    let seen = this.signals.appendsSignalled();
    for (;;) {
      const decided = outcomes.find((e) => e.type === SMS_MATCHED) ?? outcomes.at(-1);
      const remaining = deadline - Date.now();
      if (decided || remaining <= 0) return decided ?? null;
      if (!morePages) await this.signals.waitForAppend(Math.min(POLL_MS, remaining), seen);
      // Counted before reading, so a decision appended while the read runs is not waited out.
      seen = this.signals.appendsSignalled();
      const page = await this.events.readAll({ after, filter: SMS_OUTCOMES, limit: OUTCOMES_PAGE });
      after = page.at(-1)?.checkpoint ?? after;
      morePages = page.length === OUTCOMES_PAGE;
      outcomes = page.filter((e): e is RecordedEvent<SmsOutcome> => e.streamName === stream && isOutcomeOfParse(e, parsedVersion));
    }
  }
}

/** The merchant's own accounts an SMS may name: those configured, and the one its reading found credited. */
function merchantAccountsOf(tenant: Tenant, parse: SmsParse): string[] {
  const configured = Object.values(tenant.receivingAccounts ?? {}).flat();
  return parse.type === SMS_PARSED && parse.data.receivingAccount !== null ? [...configured, parse.data.receivingAccount] : configured;
}

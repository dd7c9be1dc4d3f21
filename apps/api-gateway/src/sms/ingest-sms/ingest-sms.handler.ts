import { Inject, Injectable, UnprocessableEntityException } from '@nestjs/common';
import {
  SMS_CATEGORY,
  SMS_MATCHED,
  SMS_PARSED,
  SMS_RECEIVED,
  SMS_REJECTED,
  SMS_UNMATCHED,
  SmsMatchedData,
  SmsParsedData,
  SmsReceivedData,
  SmsRejectedData,
  isOutcomeOfParse,
  smsStream,
} from '@pvs/contracts';
import { Checkpoint, EVENT_STORE, EventFilter, EventStore, ExpectedVersionConflictError, NO_STREAM, NewEvent, RecordedEvent } from '@pvs/event-store';
import { METRICS, Metrics } from '@pvs/observability';
import { smsIdFor } from '@pvs/payments';
import { CLOCK, Clock } from '@pvs/runtime';
import { normalizeSender } from '@pvs/sms-parsers';
import { Tenant } from '@pvs/tenants';
import { GATEWAY_CONFIG, GatewayConfig } from '../../gateway-config';
import { parseRecordedSms } from '../sms-parsing';
import { ForwardedSms } from './forwarded-sms';
import { rejectionMessage } from './rejection-messages';

export type IngestStatus = 'verified' | 'manual_review' | 'unmatched' | 'processing';

/** The ingest response (spec 2.5). */
export interface IngestOutcome {
  readonly status: IngestStatus;
  readonly transaction_uuid: string | null;
  readonly reference: string | null;
  readonly amount: number;
}

const POLL_MS = 25;
/** The matcher's outcomes, as the wait follows them in the log. */
const SMS_OUTCOMES: EventFilter = { categories: [SMS_CATEGORY], types: [SMS_MATCHED, SMS_UNMATCHED] };
const OUTCOMES_PAGE = 500;

@Injectable()
export class IngestSmsHandler {
  constructor(
    @Inject(EVENT_STORE) private readonly events: EventStore,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
    @Inject(METRICS) private readonly metrics: Metrics,
  ) {}

  /**
   * Records the SMS exactly as forwarded, with its parse result, in one append, whatever the
   * result. The same SMS again (tenant, sender, body) records nothing and answers as the first
   * time did. Then waits, bounded, for the matcher's outcome.
   */
  async ingest(tenant: Tenant, sms: ForwardedSms, correlationId: string): Promise<IngestOutcome> {
    const smsId = smsIdFor(tenant.id, normalizeSender(sms.sender), sms.body);
    const stream = smsStream(smsId);
    const metadata = { tenantId: tenant.id, correlationId };
    const received: SmsReceivedData = {
      smsId,
      tenantId: tenant.id,
      sender: sms.sender,
      body: sms.body,
      receivedAt: sms.receivedAt,
      recordedAt: this.clock.now().toISOString(),
      source: sms.source,
    };
    const parse = parseRecordedSms(tenant, received, false);
    let history: RecordedEvent[];
    let recordedUpTo: Checkpoint;
    try {
      ({ checkpoint: recordedUpTo } = await this.events.append(stream, [{ type: SMS_RECEIVED, data: received, metadata }, { ...parse, metadata }], NO_STREAM));
      if (parse.type === SMS_REJECTED) this.metrics.smsRejections.inc({ reason: (parse.data as SmsRejectedData).reason });
      history = [];
    } catch (error) {
      if (!(error instanceof ExpectedVersionConflictError)) throw error;
      history = await this.events.readStream(stream);
      recordedUpTo = (history.at(-1) as RecordedEvent).checkpoint;
    }
    return this.outcome(stream, { history, recordedUpTo }, parse);
  }

  /** From the latest parse of the SMS (recorded now, or earlier for a repeat) and its outcome. */
  private async outcome(stream: string, recorded: RecordedSms, fresh: Omit<NewEvent, 'metadata'>): Promise<IngestOutcome> {
    const { history } = recorded;
    const lastParse = [...history].reverse().find((e) => e.type === SMS_PARSED || e.type === SMS_REJECTED);
    const parse = lastParse ?? { ...fresh, streamVersion: 2 };
    if (parse.type === SMS_REJECTED) throw new UnprocessableEntityException(rejectionMessage((parse.data as SmsRejectedData).reason));
    const parsed = parse.data as SmsParsedData;
    const known = { reference: parsed.reference, amount: parsed.amountPaisa / 100 };
    const decided = await this.waitForOutcome(stream, parse.streamVersion, recorded);
    if (!decided) return { status: 'processing', transaction_uuid: null, ...known };
    if (decided.type === SMS_MATCHED) {
      const matched = decided.data as SmsMatchedData;
      return { status: matched.status, transaction_uuid: matched.paymentId, ...known };
    }
    return { status: 'unmatched', transaction_uuid: null, ...known };
  }

  /**
   * The matcher's final word on one parse: a match, else the latest "unmatched", within the bound.
   * Outcomes come after what was recorded, so the wait follows the log's outcomes from there: every
   * waiting ingest is answered by the reads the process makes anyway, not by a read of its own stream.
   */
  private async waitForOutcome(stream: string, parsedVersion: number, { history, recordedUpTo }: RecordedSms): Promise<RecordedEvent | null> {
    const deadline = Date.now() + this.config.smsDecisionWaitMs;
    let outcomes = history.filter((e) => isOutcomeOfParse(e, parsedVersion));
    let after = recordedUpTo;
    let morePages = false;
    let seen = this.events.appendsSignalled();
    for (;;) {
      const decided = outcomes.find((e) => e.type === SMS_MATCHED) ?? outcomes.at(-1);
      const remaining = deadline - Date.now();
      if (decided || remaining <= 0) return decided ?? null;
      if (!morePages) await this.events.waitForAppend(Math.min(POLL_MS, remaining), seen);
      // Counted before reading, so a decision appended while the read runs is not waited out.
      seen = this.events.appendsSignalled();
      const page = await this.events.readAll({ after, filter: SMS_OUTCOMES, limit: OUTCOMES_PAGE });
      after = page.at(-1)?.checkpoint ?? after;
      morePages = page.length === OUTCOMES_PAGE;
      outcomes = page.filter((e) => e.streamName === stream && isOutcomeOfParse(e, parsedVersion));
    }
  }
}

/** An SMS stream as the ingest left it: what it read of it (a repeat), and the checkpoint of its last event. */
interface RecordedSms {
  readonly history: readonly RecordedEvent[];
  readonly recordedUpTo: Checkpoint;
}

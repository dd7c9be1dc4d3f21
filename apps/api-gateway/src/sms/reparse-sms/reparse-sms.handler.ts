import { Inject, Injectable } from '@nestjs/common';
import { SMS_REJECTED, smsStream } from '@pvs/contracts';
import { smsDecider } from '@pvs/domain';
import { EVENT_STORE, EventStore, aggregateStream, handleCommand } from '@pvs/event-store';
import { ERASED } from '@pvs/payer-data';
import { SmsViews } from '@pvs/read-model';
import { TENANT_DIRECTORY, TenantDirectory } from '@pvs/tenants';
import { LEARNED_TEMPLATE_REGISTRY, LearnedTemplateRegistry } from '../learned-templates/learned-template-registry';
import { parseRecordedSms } from '../sms-parsing';
import { SmsPayerData } from '../sms-payer-data';
import { SMS_VIEWS } from '../sms-views.token';

const BATCH = 1000;

export interface ReparseSummary {
  readonly examined: number;
  readonly recognised: number;
}

/**
 * Parses rejected SMS again (after a template or a sender list was added). A newly recognised SMS
 * gets an SmsParsed event after its original records, which stay untouched; the matcher takes it
 * from there, so a late-recognised payment still matches.
 */
@Injectable()
export class ReparseSmsHandler {
  constructor(
    @Inject(EVENT_STORE) private readonly events: EventStore,
    @Inject(SMS_VIEWS) private readonly views: SmsViews,
    @Inject(TENANT_DIRECTORY) private readonly tenants: TenantDirectory,
    @Inject(LEARNED_TEMPLATE_REGISTRY) private readonly learned: LearnedTemplateRegistry,
    private readonly payerData: SmsPayerData,
  ) {}

  async reparse(tenantId: string | undefined, correlationId: string): Promise<ReparseSummary> {
    const rejected = await this.views.list({ tenantId, state: 'rejected', limit: BATCH });
    return this.reparseEach(rejected.map((sms) => sms.smsId), correlationId);
  }

  /** Parses these SMS again, each that is still rejected: the others are left as they are. */
  async reparseEach(smsIds: readonly string[], correlationId: string): Promise<ReparseSummary> {
    let recognised = 0;
    for (const smsId of smsIds) {
      const stream = smsStream(smsId);
      const { state: sms, version } = await aggregateStream(this.events, stream, smsDecider);
      if (!sms.received || sms.lastParse?.event.type !== SMS_REJECTED) continue;
      const tenant = await this.tenants.find(sms.received.tenantId);
      const body = await this.payerData.body(sms.received.tenantId, sms.received.body);
      // An SMS whose text was erased cannot be read again.
      if (!tenant || body === ERASED) continue;
      const parse = parseRecordedSms(tenant, { ...sms.received, body }, true, this.learned.forTenant(tenant.id));
      const command = { type: 'Reparse', parse: await this.payerData.sealParse(parse) } as const;
      // Changed meanwhile (another reparse): decided again on the stream as it became.
      const reparsed = await handleCommand(this.events, stream, smsDecider, command, { metadata: { tenantId: tenant.id, correlationId }, known: { state: sms, version } });
      if (reparsed.ok && reparsed.events.length > 0) recognised++;
    }
    return { examined: smsIds.length, recognised };
  }
}

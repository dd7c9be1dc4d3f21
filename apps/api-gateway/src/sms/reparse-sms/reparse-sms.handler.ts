import { Inject, Injectable } from '@nestjs/common';
import { SMS_PARSED, SMS_RECEIVED, SMS_REJECTED, SmsReceivedData, smsStream } from '@pvs/contracts';
import { EVENT_STORE, EventStore, ExpectedVersionConflictError } from '@pvs/event-store';
import { SmsViews } from '@pvs/read-model';
import { TENANT_DIRECTORY, TenantDirectory } from '@pvs/tenants';
import { parseRecordedSms } from '../sms-parsing';
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
  ) {}

  async reparse(tenantId: string | undefined, correlationId: string): Promise<ReparseSummary> {
    const rejected = await this.views.list({ tenantId, state: 'rejected', limit: BATCH });
    let recognised = 0;
    for (const { smsId } of rejected) {
      const history = await this.events.readStream(smsStream(smsId));
      const last = [...history].reverse().find((e) => e.type === SMS_PARSED || e.type === SMS_REJECTED);
      const received = history.find((e) => e.type === SMS_RECEIVED)?.data as SmsReceivedData | undefined;
      if (!received || last?.type !== SMS_REJECTED) continue;
      const tenant = await this.tenants.find(received.tenantId);
      if (!tenant) continue;
      const parse = parseRecordedSms(tenant, received, true);
      if (parse.type !== SMS_PARSED) continue;
      try {
        await this.events.append(smsStream(smsId), [{ ...parse, metadata: { tenantId: tenant.id, correlationId } }], history[history.length - 1].streamVersion);
        recognised++;
      } catch (error) {
        if (!(error instanceof ExpectedVersionConflictError)) throw error; // changed meanwhile: the next run sees it
      }
    }
    return { examined: rejected.length, recognised };
  }
}

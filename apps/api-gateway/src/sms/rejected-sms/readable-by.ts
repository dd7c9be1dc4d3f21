import { Inject, Injectable } from '@nestjs/common';
import { SmsView } from '@pvs/read-model';
import { TENANT_DIRECTORY, TenantDirectory } from '@pvs/tenants';
import { LEARNED_TEMPLATE_REGISTRY, LearnedTemplateRegistry } from '../learned-templates/learned-template-registry';
import { parseStoredSms, tenantParsing } from '../sms-parsing';

/**
 * Which template would read a rejected SMS now (a template learned or promoted since, or a sender allowed since):
 * what a re-parse would change. Null for an SMS no template reads, or one that is not rejected.
 */
@Injectable()
export class ReadableBy {
  constructor(
    @Inject(TENANT_DIRECTORY) private readonly tenants: TenantDirectory,
    @Inject(LEARNED_TEMPLATE_REGISTRY) private readonly learned: LearnedTemplateRegistry,
  ) {}

  /** `body`: the SMS's text, opened (null once erased: nothing reads it then). */
  of(sms: SmsView, body: string | null): string | null {
    const tenant = sms.state === 'rejected' && body !== null ? this.tenants.get(sms.tenantId) : undefined;
    if (!tenant || body === null) return null;
    const now = parseStoredSms({ ...sms, body }, tenantParsing(tenant, this.learned.forTenant(tenant.id)));
    return now.ok && now.tier === 'template' ? now.templateId : null;
  }
}

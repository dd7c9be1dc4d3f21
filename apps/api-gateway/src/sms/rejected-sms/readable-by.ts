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

  of(sms: SmsView): string | null {
    const tenant = sms.state === 'rejected' ? this.tenants.get(sms.tenantId) : undefined;
    if (!tenant) return null;
    const now = parseStoredSms(sms, tenantParsing(tenant, this.learned.forTenant(tenant.id)));
    return now.ok && now.tier === 'template' ? now.templateId : null;
  }
}

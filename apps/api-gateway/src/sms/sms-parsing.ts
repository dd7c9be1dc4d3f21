import { Tenant } from '@pvs/domain';
import { SMS_PARSED, SMS_REJECTED, SmsParse, SmsParsedData, SmsReceivedData, SmsRejectedData } from '@pvs/contracts';
import { AllowedSenders, LearnedTemplateSet, SmsParseResult, normalizeReference, parseSms } from '@pvs/sms-parsers';

/** How a tenant's SMS are parsed now: its allowed senders and the wordings taught for it. */
export interface TenantParsing {
  readonly allowedSenders: AllowedSenders | undefined;
  readonly learned: LearnedTemplateSet;
}

export function tenantParsing(tenant: Tenant, learned: LearnedTemplateSet): TenantParsing {
  return { allowedSenders: tenant.allowedSenders ?? undefined, learned };
}

/** An SMS as recorded (the event, or its row), dated when the phone received it, else when we recorded it. */
export interface StoredSmsText {
  readonly sender: string;
  readonly body: string;
  readonly receivedAt: string | Date | null;
  readonly recordedAt: string | Date;
}

/** A recorded SMS parsed as the tenant's SMS are parsed now. */
export function parseStoredSms(sms: StoredSmsText, parsing: TenantParsing): SmsParseResult {
  return parseSms({ sender: sms.sender, body: sms.body, receivedAt: sms.receivedAt ?? sms.recordedAt }, parsing);
}

/** The parse of a recorded SMS under the tenant's settings and the wordings taught for it, as the event to record. */
export function parseRecordedSms(tenant: Tenant, sms: SmsReceivedData, reparsed: boolean, learned: LearnedTemplateSet): SmsParse {
  const result = parseStoredSms(sms, tenantParsing(tenant, learned));
  if (!result.ok) {
    const { debit } = result;
    const data: SmsRejectedData = {
      smsId: sms.smsId,
      tenantId: tenant.id,
      reason: result.reason,
      ...(debit && { debit: { gateway: debit.gateway, amountPaisa: debit.amountPaisa, balancePaisa: debit.balancePaisa, account: debit.account ?? null } }),
    };
    return { type: SMS_REJECTED, data };
  }
  const data: SmsParsedData = {
    smsId: sms.smsId,
    tenantId: tenant.id,
    gateway: result.gateway,
    tier: result.tier,
    templateId: result.templateId,
    institution: result.institution,
    target: result.target,
    spans: result.spans,
    reference: result.reference,
    normalizedReference: result.reference === null ? null : normalizeReference(result.reference) || null,
    amountPaisa: result.amountPaisa,
    payer: result.payer ?? null,
    receivingAccount: result.receivingAccount ?? null,
    balancePaisa: result.balancePaisa ?? null,
    occurredAt: result.occurredAt ?? null,
    ...(result.departures && { departures: result.departures }),
    reparsed,
  };
  return { type: SMS_PARSED, data };
}

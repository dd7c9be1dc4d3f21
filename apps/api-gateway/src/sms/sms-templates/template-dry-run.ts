import { paisaToPkr } from '@pvs/contracts';
import { AllowedSenders, LearnedTemplateDefinition, LearnedTemplateSet, ParsedSms, normalizeSender, parseSms } from '@pvs/sms-parsers';

/** A stored SMS as the dry run reads it. */
export interface StoredSms {
  readonly smsId: string;
  readonly tenantId: string;
  readonly sender: string;
  readonly body: string;
  readonly receivedAt: Date | null;
  readonly recordedAt: Date;
  readonly state: 'received' | 'parsed' | 'rejected';
}

/** How a tenant's SMS are parsed now: its allowed senders and the templates learned for it. */
export interface TenantParsing {
  readonly allowedSenders: AllowedSenders | undefined;
  readonly learned: LearnedTemplateSet;
}

export interface WouldRead {
  readonly sms_id: string;
  readonly tenant_id: string;
  readonly body: string;
  readonly amount: number;
  readonly reference: string | null;
}

/** What a candidate template would change among the stored SMS. */
export interface DryRun {
  /** The stored SMS of the template's sender that were looked at. */
  readonly scanned: number;
  /** Rejected SMS it would read. */
  readonly wouldRead: readonly WouldRead[];
  /** Parsed SMS whose reading it would change: any one refuses the template. */
  readonly conflicts: readonly { readonly smsId: string; readonly readBy: string }[];
  /** Parsed SMS read by their words alone that it would read by its wording, the same way. */
  readonly upgrades: number;
}

const sameReading = (a: ParsedSms, b: ParsedSms) =>
  a.gateway === b.gateway && a.amountPaisa === b.amountPaisa && a.reference === b.reference && a.receivingAccount === b.receivingAccount;

/** Parses every stored SMS of the candidate's sender with and without it, and tells what would change. */
export function dryRun(candidate: LearnedTemplateDefinition, stored: readonly StoredSms[], parsingOf: (tenantId: string) => TenantParsing | undefined): DryRun {
  const wouldRead: WouldRead[] = [];
  const conflicts: { smsId: string; readBy: string }[] = [];
  let scanned = 0;
  let upgrades = 0;
  for (const sms of stored) {
    const parsing = sms.state === 'received' || normalizeSender(sms.sender) !== candidate.sender ? undefined : parsingOf(sms.tenantId);
    if (parsing === undefined) continue;
    scanned++;
    const input = { sender: sms.sender, body: sms.body, receivedAt: (sms.receivedAt ?? sms.recordedAt).toISOString() };
    const now = parseSms(input, parsing);
    const withCandidate = parseSms(input, { ...parsing, learned: parsing.learned.with(candidate) });
    const readByCandidate = withCandidate.ok && withCandidate.templateId === candidate.id;
    if (!now.ok) {
      if (readByCandidate) wouldRead.push({ sms_id: sms.smsId, tenant_id: sms.tenantId, body: sms.body, amount: paisaToPkr(withCandidate.amountPaisa), reference: withCandidate.reference });
    } else if (!withCandidate.ok || !sameReading(now, withCandidate)) {
      conflicts.push({ smsId: sms.smsId, readBy: now.templateId ?? 'its words (extracted)' });
    } else if (now.tier === 'extracted' && readByCandidate) {
      upgrades++;
    }
  }
  return { scanned, wouldRead, conflicts, upgrades };
}

import { LearnedTemplateDefinition, ParsedSms, normalizeSender } from '@pvs/sms-parsers';
import { StoredSmsText, TenantParsing, parseStoredSms } from '../sms-parsing';

/** A stored SMS as the dry run reads it. */
export interface StoredSms extends StoredSmsText {
  readonly smsId: string;
  readonly tenantId: string;
  readonly receivedAt: Date | null;
  readonly recordedAt: Date;
  readonly state: 'received' | 'parsed' | 'rejected';
}

/** A rejected SMS the candidate would read, and what it would read in it. */
export interface WouldRead {
  readonly smsId: string;
  readonly tenantId: string;
  readonly body: string;
  readonly amountPaisa: number;
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
  // Each tenant's parsing with the candidate, compiled once.
  const candidateParsings = new Map<string, TenantParsing | undefined>();
  const withCandidateOf = (tenantId: string) => {
    if (!candidateParsings.has(tenantId)) {
      const parsing = parsingOf(tenantId);
      candidateParsings.set(tenantId, parsing && { ...parsing, learned: parsing.learned.with(candidate) });
    }
    return candidateParsings.get(tenantId);
  };
  for (const sms of stored) {
    const parsing = sms.state === 'received' || normalizeSender(sms.sender) !== candidate.sender ? undefined : parsingOf(sms.tenantId);
    const candidateParsing = parsing && withCandidateOf(sms.tenantId);
    if (parsing === undefined || candidateParsing === undefined) continue;
    scanned++;
    const now = parseStoredSms(sms, parsing);
    const withCandidate = parseStoredSms(sms, candidateParsing);
    const readByCandidate = withCandidate.ok && withCandidate.templateId === candidate.id;
    if (!now.ok) {
      if (readByCandidate) wouldRead.push({ smsId: sms.smsId, tenantId: sms.tenantId, body: sms.body, amountPaisa: withCandidate.amountPaisa, reference: withCandidate.reference });
    } else if (!withCandidate.ok || !sameReading(now, withCandidate)) {
      conflicts.push({ smsId: sms.smsId, readBy: now.templateId ?? 'its words (extracted)' });
    } else if (now.tier === 'extracted' && readByCandidate) {
      upgrades++;
    }
  }
  return { scanned, wouldRead, conflicts, upgrades };
}

import { parseSms } from '../../parse-sms';
import { ReadingTier, SmsParseResult } from '../../sms.types';
import { GatheredCase, gatewayOfCase, institutionOfCase, judge, Verdict } from './gathered-corpus';

/** How the parser did on a group of gathered messages. */
export interface Score {
  readonly credits: number;
  readonly read: number;
  readonly misread: number;
  readonly missed: number;
  readonly nonPayments: number;
  readonly falseCredits: number;
  readonly byTier: Readonly<Record<ReadingTier, number>>;
  /** Credits read exactly with a reference that verify on their own under each verification policy (see `verifiesUnder`). */
  readonly verify: Readonly<Record<'standard' | 'strict', number>>;
}

export interface ScoreRow extends Score {
  readonly group: string;
}

interface Outcome {
  readonly entry: GatheredCase;
  readonly verdict: Verdict;
  readonly result: SmsParseResult;
}

/**
 * Whether a credit read exactly verifies its payment on its own, for a tenant that configured no receiving accounts:
 * the rule of the matcher's `readingDoubt` (libs/domain), which the service-path corpus test checks through HTTP.
 */
export function verifiesUnder(policy: 'standard' | 'strict', result: SmsParseResult): boolean {
  if (!result.ok || result.reference === null || result.target === 'third_party') return false;
  if (policy === 'standard') return true;
  return result.departures === undefined && (result.tier !== 'extracted' || result.target === 'holder');
}

function outcomeOf(entry: GatheredCase): Outcome {
  const result = parseSms({ sender: entry.sender, body: entry.body, receivedAt: entry.receivedAt }, { allowedSenders: entry.allowedSenders });
  return { entry, verdict: judge(entry.expect, result), result };
}

function score(outcomes: readonly Outcome[]): Score {
  const count = (verdict: Verdict): number => outcomes.filter((outcome) => outcome.verdict === verdict).length;
  const read = outcomes.filter((outcome) => outcome.verdict === 'read');
  const tier = (name: ReadingTier): number => read.filter(({ result }) => result.ok && result.tier === name).length;
  const verifying = (policy: 'standard' | 'strict'): number => read.filter(({ result }) => verifiesUnder(policy, result)).length;
  return {
    credits: outcomes.filter((outcome) => outcome.entry.expect.kind === 'credit').length,
    read: count('read'),
    misread: count('misread'),
    missed: count('missed'),
    nonPayments: outcomes.filter((outcome) => outcome.entry.expect.kind === 'rejected').length,
    falseCredits: count('false_credit'),
    byTier: { template: tier('template'), extracted: tier('extracted') },
    verify: { standard: verifying('standard'), strict: verifying('strict') },
  };
}

/** Credits read exactly, of all credits. */
export const recall = (row: Score): number => (row.credits === 0 ? 1 : row.read / row.credits);
/** Readings that are exactly right, of all readings the parser gave (a false credit or a misreading counts against it). */
export const precision = (row: Score): number => {
  const given = row.read + row.misread + row.falseCredits;
  return given === 0 ? 1 : row.read / given;
};

/** Scores of a set of messages as a whole and grouped by `groupOf`, groups in order of size. */
export function evaluate(entries: readonly GatheredCase[], groupOf?: (entry: GatheredCase) => string): ScoreRow[] {
  const outcomes = entries.map(outcomeOf);
  const all: ScoreRow = { group: 'all', ...score(outcomes) };
  if (groupOf === undefined) return [all];
  const groups = new Map<string, Outcome[]>();
  for (const outcome of outcomes) {
    const group = groupOf(outcome.entry);
    groups.set(group, [...(groups.get(group) ?? []), outcome]);
  }
  const rows = [...groups].map(([group, members]) => ({ group, ...score(members) })).sort((a, b) => b.credits + b.nonPayments - (a.credits + a.nonPayments));
  return [...rows, all];
}

export const byGateway = gatewayOfCase;
export const byInstitution = institutionOfCase;
export const byProvenance = (entry: GatheredCase): string => entry.provenance;

const percent = (value: number): string => `${(value * 100).toFixed(1)}%`;

/** A score table as aligned text columns. */
export function formatTable(title: string, rows: readonly ScoreRow[]): string {
  const header = ['', 'credits', 'read', 'misread', 'missed', 'recall', 'non-payments', 'false credits', 'precision', 'template', 'extracted', 'verify standard', 'verify strict'];
  const body = rows.map((row) => [
    row.group,
    String(row.credits),
    String(row.read),
    String(row.misread),
    String(row.missed),
    percent(recall(row)),
    String(row.nonPayments),
    String(row.falseCredits),
    percent(precision(row)),
    String(row.byTier.template),
    String(row.byTier.extracted),
    String(row.verify.standard),
    String(row.verify.strict),
  ]);
  const widths = header.map((_, column) => Math.max(...[header, ...body].map((cells) => (cells[column] ?? '').length)));
  const line = (cells: readonly string[]): string =>
    cells.map((cell, column) => (column === 0 ? cell.padEnd(widths[column] ?? 0) : cell.padStart(widths[column] ?? 0))).join('  ');
  return [title, line(header), ...body.map(line)].join('\n');
}

import { parseSms } from '../../parse-sms';
import { ReadingTier } from '../../sms.types';
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
}

export interface ScoreRow extends Score {
  readonly group: string;
}

interface Outcome {
  readonly entry: GatheredCase;
  readonly verdict: Verdict;
  readonly tier?: ReadingTier;
}

function outcomeOf(entry: GatheredCase): Outcome {
  const result = parseSms({ sender: entry.sender, body: entry.body, receivedAt: entry.receivedAt }, { allowedSenders: entry.allowedSenders });
  return { entry, verdict: judge(entry.expect, result), ...(result.ok && { tier: result.tier }) };
}

function score(outcomes: readonly Outcome[]): Score {
  const count = (verdict: Verdict): number => outcomes.filter((outcome) => outcome.verdict === verdict).length;
  const tier = (name: ReadingTier): number => outcomes.filter((outcome) => outcome.verdict === 'read' && outcome.tier === name).length;
  return {
    credits: outcomes.filter((outcome) => outcome.entry.expect.kind === 'credit').length,
    read: count('read'),
    misread: count('misread'),
    missed: count('missed'),
    nonPayments: outcomes.filter((outcome) => outcome.entry.expect.kind === 'rejected').length,
    falseCredits: count('false_credit'),
    byTier: { template: tier('template'), extracted: tier('extracted') },
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
  const header = ['', 'credits', 'read', 'misread', 'missed', 'recall', 'non-payments', 'false credits', 'precision', 'template', 'extracted'];
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
  ]);
  const widths = header.map((_, column) => Math.max(...[header, ...body].map((cells) => (cells[column] ?? '').length)));
  const line = (cells: readonly string[]): string =>
    cells.map((cell, column) => (column === 0 ? cell.padEnd(widths[column] ?? 0) : cell.padStart(widths[column] ?? 0))).join('  ');
  return [title, line(header), ...body.map(line)].join('\n');
}

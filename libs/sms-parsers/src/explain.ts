import { describeDeparture } from '@pvs/contracts';
import { readSms } from './parse-sms';
import { ParseOptions, SmsInput, Span } from './sms.types';

/** Why a message was or was not read: what each layer found, for an operator looking after SMS wordings. */
export interface Explanation {
  readonly outcome: string;
  readonly text: string;
  readonly lines: readonly string[];
}

const quote = (text: string): string => JSON.stringify(text);
const at = ([start, end]: Span): string => `@${start}-${end}`;

function list<T>(label: string, items: readonly T[], show: (item: T) => string): string[] {
  return [`${label.padEnd(11)}${items.length === 0 ? '-' : items.map(show).join(' · ')}`];
}

/** Reads a message as `parseSms` does and says, layer by layer, what the decision was made on. */
export function explainSms(input: SmsInput, options: ParseOptions = {}): Explanation {
  const { text, analysis, result } = readSms(input, options);
  const outcome = result.ok
    ? `read (${result.tier}${result.templateId === null ? '' : ` ${result.templateId}`}): ${result.gateway} ${result.amount} PKR, reference ${result.reference ?? 'none'}, target ${result.target}`
    : `rejected: ${result.reason}`;
  if (analysis === undefined) return { outcome, text: text.text, lines: [] };
  const lines = [
    ...list('wording', analysis.wordings, (hit) => `${hit.kind} ${quote(hit.text)} ${at(hit.span)}`),
    ...list('ignored', analysis.ignored, (hit) => `${hit.kind} ${quote(hit.text)} (${hit.because})`),
    ...list('addressed', analysis.holder, (hit) => quote(hit.text)),
    ...list('money', [...analysis.money, ...analysis.bareAmounts.map((mention) => ({ ...mention, role: 'transaction (no marker)', label: null }))], (mention) =>
      `${quote(text.text.slice(...mention.span))} ${mention.role}${mention.label === null ? '' : ` after ${quote(mention.label)}`} ${at(mention.span)}`,
    ),
    ...list('references', analysis.references, (reference) => `${quote(reference.label)} ${quote(reference.value)} rank ${reference.rank} ${at(reference.span)}`),
    ...list('accounts', analysis.accounts, (account) => `${account.side} ${quote(account.value)}`),
    ...list('named', analysis.institutions, (hit) => `${hit.kinds.join('/')} ${quote(hit.text)}`),
    ...(analysis.tailStart < text.text.length ? [`${'tail'.padEnd(11)}ignored from ${analysis.tailStart}${analysis.tailHoldsTransaction ? ' (holds another transaction)' : ''}`] : []),
    ...(result.ok && result.departures ? list('departs', result.departures, describeDeparture) : []),
    ...(result.ok ? [`${'spans'.padEnd(11)}amount ${at(result.spans.amount)}, reference ${result.spans.reference ? at(result.spans.reference) : 'none'} (in the body as sent)`] : []),
  ];
  return { outcome, text: text.text, lines };
}

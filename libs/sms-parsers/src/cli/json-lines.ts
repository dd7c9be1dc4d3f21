import { explainSms } from '../explain';
import { parseSms } from '../parse-sms';
import { AllowedSenders, GATEWAYS, ParseOptions, Payer, SmsInput, SmsParseResult, Span } from '../sms.types';

export type CliResult =
  | {
      readonly ok: true;
      readonly gateway: string;
      readonly reference: string | null;
      readonly amount: number;
      readonly tier: 'template' | 'extracted';
      readonly template_id: string | null;
      readonly institution: string | null;
      readonly target: string;
      readonly spans: { readonly amount: Span; readonly reference: Span | null };
      readonly payer?: Payer;
      readonly receiving_account?: string;
      readonly balance?: number;
      readonly occurred_at?: string;
    }
  | { readonly ok: false; readonly reason: string };

const MALFORMED: CliResult = { ok: false, reason: 'malformed' };

function toCliResult(result: SmsParseResult): CliResult {
  if (!result.ok) return { ok: false, reason: result.reason };
  return {
    ok: true,
    gateway: result.gateway,
    reference: result.reference,
    amount: result.amount,
    tier: result.tier,
    template_id: result.templateId,
    institution: result.institution,
    target: result.target,
    spans: result.spans,
    ...(result.payer && { payer: result.payer }),
    ...(result.receivingAccount !== undefined && { receiving_account: result.receivingAccount }),
    ...(result.balance !== undefined && { balance: result.balance }),
    ...(result.occurredAt !== undefined && { occurred_at: result.occurredAt }),
  };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The SMS an input line `{sender, body, received_at?}` holds, or undefined when it holds none. */
function smsOf(line: string): SmsInput | undefined {
  const input = parseJson(line);
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return undefined;
  const { sender, body, received_at: receivedAt } = input as Record<string, unknown>;
  if (typeof sender !== 'string' || typeof body !== 'string') return undefined;
  if (receivedAt !== undefined && receivedAt !== null && typeof receivedAt !== 'string') return undefined;
  return { sender, body, receivedAt: receivedAt ?? undefined };
}

/** One input line to one result; anything unreadable is `malformed`, never an error. */
export function parseJsonLine(line: string, options: ParseOptions = {}): CliResult {
  const sms = smsOf(line);
  return sms === undefined ? MALFORMED : toCliResult(parseSms(sms, options));
}

/** One input line to a few lines of text saying why it was or was not read (`--explain`). */
export function explainJsonLine(line: string, options: ParseOptions = {}): string {
  const sms = smsOf(line);
  if (sms === undefined) return 'rejected: malformed (not a {sender, body, received_at?} line)';
  const { outcome, text, lines } = explainSms(sms, options);
  return [outcome, `${'text'.padEnd(11)}${JSON.stringify(text)}`, ...lines].join('\n');
}

/** The output for one input line: a JSON result, or with `explain` a few lines of text; blank input lines get none. */
export function answerJsonLine(line: string, options: ParseOptions = {}, explain = false): string | undefined {
  if (line.trim() === '') return undefined;
  return explain ? `${explainJsonLine(line, options)}\n` : JSON.stringify(parseJsonLine(line, options));
}

/** Reads a `{wallet_one: [...], wallet_two: [...], bank: [...]}` senders file; a listed gateway replaces its default list. */
export function readAllowedSenders(json: string): AllowedSenders {
  const parsed = parseJson(json);
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new Error('senders file must hold a JSON object');
  const entries = Object.entries(parsed as Record<string, unknown>);
  const allowed: Partial<Record<(typeof GATEWAYS)[number], readonly string[]>> = {};
  for (const [gateway, senders] of entries) {
    const known = GATEWAYS.find((candidate) => candidate === gateway);
    if (known === undefined) throw new Error(`unknown gateway in senders file: ${gateway}`);
    if (!Array.isArray(senders) || !senders.every((sender) => typeof sender === 'string')) {
      throw new Error(`senders for ${gateway} must be a list of strings`);
    }
    allowed[known] = senders;
  }
  return allowed;
}

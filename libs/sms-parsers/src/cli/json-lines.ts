import { parseSms } from '../parse-sms';
import { AllowedSenders, GATEWAYS, ParseOptions, Payer, SmsParseResult } from '../sms.types';

export type CliResult =
  | {
      readonly ok: true;
      readonly gateway: string;
      readonly reference: string | null;
      readonly amount: number;
      readonly template_id: string;
      readonly payer?: Payer;
      readonly receiving_account?: string;
      readonly balance?: number;
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
    template_id: result.templateId,
    ...(result.payer && { payer: result.payer }),
    ...(result.receivingAccount !== undefined && { receiving_account: result.receivingAccount }),
    ...(result.balance !== undefined && { balance: result.balance }),
  };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** One input line `{sender, body, received_at?}` to one result; anything unreadable is `malformed`, never an error. */
export function parseJsonLine(line: string, options: ParseOptions = {}): CliResult {
  const input = parseJson(line);
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return MALFORMED;
  const { sender, body, received_at: receivedAt } = input as Record<string, unknown>;
  if (typeof sender !== 'string' || typeof body !== 'string') return MALFORMED;
  if (receivedAt !== undefined && receivedAt !== null && typeof receivedAt !== 'string') return MALFORMED;
  return toCliResult(parseSms({ sender, body, receivedAt: receivedAt ?? undefined }, options));
}

/** The output line for one input line; blank input lines get none. */
export function answerJsonLine(line: string, options: ParseOptions = {}): string | undefined {
  return line.trim() === '' ? undefined : JSON.stringify(parseJsonLine(line, options));
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

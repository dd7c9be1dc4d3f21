import { paisaToAmount, readMoney } from './money';
import { isFragment, rejectionFor } from './negatives';
import { readOccurredAt } from './occurred-at';
import { normalizeReference } from './reference';
import { normalizeSender, senderTrust } from './senders';
import { Gateway, ParsedSms, ParseOptions, Payer, SmsInput, SmsParseResult, SmsRejection, SmsRejectionReason } from './sms.types';
import { TEMPLATES } from './templates/registry';
import { SmsTemplate } from './templates/template';
import { normalizeText } from './text';

export const MAX_BODY_LENGTH = 2000;

const REJECTIONS = new Map<SmsRejectionReason, SmsRejection>();
const REFERENCE_MENTION = /\b(?:TID|Trx ID|Tx ID|Txn ID|Transaction ID|Ref ?#|Ref No)\b ?[:#]? ?([A-Z0-9]{5,24})/gi;
const KNOWN_SENDERS = new Set(TEMPLATES.flatMap((template) => template.senders));
/** Keyed by trusted gateways and, for a known institution header, the header itself: a small, bounded set. */
const CANDIDATES = new Map<string, readonly SmsTemplate[]>();

function reject(reason: SmsRejectionReason): SmsRejection {
  let rejection = REJECTIONS.get(reason);
  if (rejection === undefined) {
    rejection = Object.freeze({ ok: false, reason });
    REJECTIONS.set(reason, rejection);
  }
  return rejection;
}

function isSmsInput(input: unknown): input is SmsInput {
  if (typeof input !== 'object' || input === null) return false;
  const { sender, body } = input as Record<string, unknown>;
  return typeof sender === 'string' && typeof body === 'string';
}

function candidateTemplates(sender: string, gateways: readonly Gateway[]): readonly SmsTemplate[] {
  const institutionSender = KNOWN_SENDERS.has(sender) ? sender : undefined;
  const key = `${gateways.join(',')}|${institutionSender ?? ''}`;
  let candidates = CANDIDATES.get(key);
  if (candidates === undefined) {
    candidates = TEMPLATES.filter(
      (template) => gateways.includes(template.gateway) && (institutionSender === undefined || template.senders.includes(institutionSender)),
    );
    CANDIDATES.set(key, candidates);
  }
  return candidates;
}

function payerOf(groups: Readonly<Record<string, string | undefined>>): Payer | undefined {
  const payer: { name?: string; number?: string; account?: string } = {};
  if (groups.payerName) payer.name = groups.payerName.trim();
  if (groups.payerNumber) payer.number = groups.payerNumber;
  if (groups.payerAccount) payer.account = groups.payerAccount;
  return Object.keys(payer).length > 0 ? payer : undefined;
}

function read(template: SmsTemplate, groups: Readonly<Record<string, string | undefined>>, receivedAt: SmsInput['receivedAt']): SmsParseResult {
  const amount = readMoney(groups.amount ?? '');
  if (amount.kind !== 'exact') return reject(amount.kind === 'ambiguous' ? 'ambiguous' : 'malformed');
  if (amount.paisa === 0) return reject('malformed');
  const balance = groups.balance === undefined ? undefined : readMoney(groups.balance);
  if (balance !== undefined && balance.kind !== 'exact') return reject(balance.kind === 'ambiguous' ? 'ambiguous' : 'malformed');
  const occurredAt = readOccurredAt(groups.date, groups.time, receivedAt);
  if (occurredAt.kind === 'invalid') return reject('malformed');
  const payer = payerOf(groups);
  const parsed: { -readonly [K in keyof ParsedSms]: ParsedSms[K] } = {
    ok: true,
    gateway: template.gateway,
    direction: 'credit',
    reference: groups.reference === undefined ? null : normalizeReference(groups.reference),
    amount: paisaToAmount(amount.paisa),
    amountPaisa: amount.paisa,
    currency: 'PKR',
    templateId: template.id,
  };
  if (payer) parsed.payer = payer;
  if (occurredAt.kind === 'stated') parsed.occurredAt = occurredAt.value;
  if (groups.receivingAccount) parsed.receivingAccount = groups.receivingAccount;
  if (balance !== undefined) {
    parsed.balance = paisaToAmount(balance.paisa);
    parsed.balancePaisa = balance.paisa;
  }
  return parsed;
}

function occurrences(pattern: RegExp, text: string): number {
  return text.match(pattern)?.length ?? 0;
}

function distinctReferences(text: string): number {
  return new Set(Array.from(text.matchAll(REFERENCE_MENTION), (mention) => normalizeReference(mention[1] ?? ''))).size;
}

function sameReading(a: ParsedSms, b: ParsedSms): boolean {
  return a.amountPaisa === b.amountPaisa && a.reference === b.reference && a.receivingAccount === b.receivingAccount;
}

function fromTemplates(text: string, templates: readonly SmsTemplate[], receivedAt: SmsInput['receivedAt']): SmsParseResult | undefined {
  let chosen: ParsedSms | undefined;
  let firstRejection: SmsRejection | undefined;
  for (const template of templates) {
    const match = template.pattern.exec(text);
    if (match === null) continue;
    const groups = match.groups ?? {};
    const core = groups.tail === undefined ? text : text.slice(0, text.length - groups.tail.length);
    const rejection = rejectionFor(core, 'credit_wording');
    if (rejection !== undefined) return reject(rejection);
    if (occurrences(template.signature, text) > 1) return reject('ambiguous');
    const reading = read(template, groups, receivedAt);
    if (!reading.ok) {
      firstRejection ??= reading;
      continue;
    }
    if (chosen !== undefined && !sameReading(chosen, reading)) return reject('ambiguous');
    chosen ??= reading;
  }
  if (chosen !== undefined && distinctReferences(text) > 1) return reject('ambiguous');
  return chosen ?? firstRejection;
}

/**
 * Reads one forwarded SMS as a customer's incoming payment. Only senders on the allow-list are read at all;
 * anything that is not clearly one credit in a known wording is rejected with a reason, never guessed.
 */
export function parseSms(input: SmsInput, options: ParseOptions = {}): SmsParseResult {
  if (!isSmsInput(input) || input.body.length > MAX_BODY_LENGTH) return reject('malformed');
  const sender = normalizeSender(input.sender);
  const gateways = senderTrust(options.allowedSenders).get(sender);
  if (gateways === undefined) return reject('untrusted_sender');
  const text = normalizeText(input.body);
  if (text === '' || isFragment(text)) return reject('malformed');
  const templates = candidateTemplates(sender, gateways);
  const parsed = fromTemplates(text, templates, input.receivedAt);
  if (parsed !== undefined) return parsed;
  const rejection = rejectionFor(text, 'whole_message');
  if (rejection !== undefined) return reject(rejection);
  if (templates.some((template) => occurrences(template.signature, text) > 0)) return reject('malformed');
  return reject('unrecognized_template');
}

import { paisaToPkr, SmsDeparture } from '@pvs/contracts';
import { classify, ExtractedCredit, readDebit } from './classify/classify';
import { isFragment } from './classify/fragments';
import { Analysis, analyse } from './extract/analyse';
import { normalizeReference } from './extract/reference';
import { institutionsOfSender } from './institutions/identify';
import { LearnedTemplateSet } from './learned/learned-template-set';
import { institution, InstitutionId } from './institutions/institutions';
import { normalizeSender, senderTrust } from './institutions/senders';
import { NormalisedText } from './normalise/text';
import { Gateway, ParsedSms, ParseOptions, Payer, SmsInput, SmsParseResult, SmsRejection, SmsRejectionReason, Span } from './sms.types';
import { readByTemplate, TemplateReading } from './templates/read-by-template';
import { TEMPLATES } from './templates/registry';
import { SmsTemplate } from './templates/template';

/** Longer than any real alert (ten concatenated parts); a longer body is not an SMS. */
export const MAX_BODY_LENGTH = 2000;

const REJECTIONS = new Map<SmsRejectionReason, SmsRejection>();

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

const CANDIDATES = new WeakMap<readonly InstitutionId[], Map<readonly Gateway[], readonly SmsTemplate[]>>();

/** A known institution's sender is read only with that institution's templates; a tenant's own sender with all of its gateways'. */
function candidateTemplates(gateways: readonly Gateway[], institutions: readonly InstitutionId[]): readonly SmsTemplate[] {
  let byGateways = CANDIDATES.get(institutions);
  if (byGateways === undefined) {
    byGateways = new Map();
    CANDIDATES.set(institutions, byGateways);
  }
  let candidates = byGateways.get(gateways);
  if (candidates === undefined) {
    candidates = TEMPLATES.filter(
      (template) => gateways.includes(template.gateway) && (institutions.length === 0 || institutions.includes(template.institution)),
    );
    byGateways.set(gateways, candidates);
  }
  return candidates;
}

/** What either tier read, in the normalised text, before it becomes the result. */
interface Reading {
  readonly gateway: Gateway;
  readonly reference: string | null;
  readonly referenceSpan: Span | null;
  readonly amountPaisa: number;
  readonly amountSpan: Span;
  readonly tier: ParsedSms['tier'];
  readonly templateId: string | null;
  readonly institution: InstitutionId | null;
  readonly target: ParsedSms['target'];
  readonly payer?: Payer;
  readonly occurredAt?: string;
  readonly receivingAccount?: string;
  readonly balancePaisa?: number;
  readonly departures?: readonly SmsDeparture[];
}

function parsedSms(reading: Reading, text: NormalisedText): ParsedSms {
  const parsed: { -readonly [K in keyof ParsedSms]: ParsedSms[K] } = {
    ok: true,
    gateway: reading.gateway,
    direction: 'credit',
    reference: reading.reference,
    amount: paisaToPkr(reading.amountPaisa),
    amountPaisa: reading.amountPaisa,
    currency: 'PKR',
    tier: reading.tier,
    templateId: reading.templateId,
    institution: reading.institution === null ? null : institution(reading.institution).name,
    target: reading.target,
    spans: { amount: text.rawSpan(reading.amountSpan), reference: reading.referenceSpan === null ? null : text.rawSpan(reading.referenceSpan) },
  };
  if (reading.payer !== undefined) parsed.payer = reading.payer;
  if (reading.occurredAt !== undefined) parsed.occurredAt = reading.occurredAt;
  if (reading.receivingAccount !== undefined) parsed.receivingAccount = reading.receivingAccount;
  if (reading.balancePaisa !== undefined) {
    parsed.balance = paisaToPkr(reading.balancePaisa);
    parsed.balancePaisa = reading.balancePaisa;
  }
  if (reading.departures !== undefined && reading.departures.length > 0) parsed.departures = reading.departures;
  return parsed;
}

// Fields named one by one rather than spread: these run once per parse, and spreads of optional fields are slow.
function fromTemplate(reading: TemplateReading): Reading {
  const { template } = reading;
  return {
    gateway: template.gateway,
    reference: reading.reference,
    referenceSpan: reading.spans.reference,
    amountPaisa: reading.amountPaisa,
    amountSpan: reading.spans.amount,
    tier: 'template',
    templateId: template.id,
    institution: template.institution,
    target: 'holder',
    payer: reading.payer,
    occurredAt: reading.occurredAt,
    receivingAccount: reading.receivingAccount,
    balancePaisa: reading.balancePaisa,
  };
}

function fromExtraction(credit: ExtractedCredit): Reading {
  return {
    gateway: credit.gateway,
    reference: credit.reference && normalizeReference(credit.reference.value),
    referenceSpan: credit.reference && credit.reference.span,
    amountPaisa: credit.amount.paisa,
    amountSpan: credit.amount.span,
    tier: 'extracted',
    templateId: null,
    institution: credit.institution,
    target: credit.target,
    payer: credit.payer,
    occurredAt: credit.occurredAt,
    receivingAccount: credit.receivingAccount,
    balancePaisa: credit.balancePaisa,
    departures: credit.departures,
  };
}

/** Everything parseSms decides on, for `explain`: the analysis of the words, and the result. */
export interface SmsReading {
  readonly text: NormalisedText;
  readonly analysis?: Analysis;
  readonly result: SmsParseResult;
}

/**
 * Reads a body from a sender already found on the allow-list (trusted for `gateways`), with no length cap: the layers
 * behind `parseSms`, which the adversarial tests drive with bodies of any size.
 */
export function readTrustedBody(
  sender: string,
  gateways: readonly Gateway[],
  body: string,
  receivedAt?: SmsInput['receivedAt'],
  learned?: LearnedTemplateSet,
): SmsReading {
  const text = new NormalisedText(body);
  if (text.text === '' || isFragment(text.text)) return { text, result: reject('malformed') };
  const institutions = institutionsOfSender(sender, gateways);
  const analysis = analyse(text.text);
  const builtIn = candidateTemplates(gateways, institutions);
  const taught = learned?.forSender(sender, gateways) ?? [];
  const byTemplate = readByTemplate(analysis, taught.length === 0 ? builtIn : [...builtIn, ...taught], receivedAt);
  if (byTemplate !== undefined) return { text, analysis, result: byTemplate.ok ? parsedSms(fromTemplate(byTemplate), text) : reject(byTemplate.reason) };
  const context = { gateways, institutions, receivedAt };
  const extracted = classify(analysis, context);
  if (extracted.ok) return { text, analysis, result: parsedSms(fromExtraction(extracted), text) };
  const debit = extracted.reason === 'not_a_credit' ? readDebit(analysis, context) : undefined;
  return { text, analysis, result: debit === undefined ? reject(extracted.reason) : { ok: false, reason: extracted.reason, debit } };
}

/** Parses as `parseSms` does, keeping what the decision was made on. */
export function readSms(input: SmsInput, options: ParseOptions = {}): SmsReading {
  if (!isSmsInput(input) || input.body.length > MAX_BODY_LENGTH) return { text: new NormalisedText(''), result: reject('malformed') };
  const sender = normalizeSender(input.sender);
  const gateways = senderTrust(options.allowedSenders).get(sender);
  if (gateways === undefined) return { text: new NormalisedText(''), result: reject('untrusted_sender') };
  return readTrustedBody(sender, gateways, input.body, input.receivedAt, options.learned);
}

/**
 * Reads one forwarded SMS as a customer's incoming payment. Only senders on the allow-list are read at all; a known
 * wording is read by its template, any other by its words and numbers; anything that is not clearly one credit is
 * rejected with a reason, never guessed.
 */
export function parseSms(input: SmsInput, options: ParseOptions = {}): SmsParseResult {
  return readSms(input, options).result;
}

import { classify, ExtractedCredit } from './classify/classify';
import { isFragment } from './classify/fragments';
import { Analysis, analyse } from './extract/analyse';
import { normalizeReference } from './extract/reference';
import { institutionsOfSender } from './institutions/identify';
import { institution, InstitutionId } from './institutions/institutions';
import { normalizeSender, senderTrust } from './institutions/senders';
import { paisaToAmount } from './normalise/money';
import { NormalisedText } from './normalise/text';
import { Gateway, ParsedSms, ParseOptions, SmsInput, SmsParseResult, SmsRejection, SmsRejectionReason } from './sms.types';
import { readByTemplate, TemplateReading } from './templates/read-by-template';
import { TEMPLATES } from './templates/registry';
import { SmsTemplate } from './templates/template';

/** Longer than any real alert (ten concatenated parts); a longer body is not an SMS. */
export const MAX_BODY_LENGTH = 2000;

const REJECTIONS = new Map<SmsRejectionReason, SmsRejection>();
/** Keyed by trusted gateways and the sender's institutions: a small, bounded set. */
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

/** A known institution's sender is read only with that institution's templates; a tenant's own sender with all of its gateways'. */
function candidateTemplates(gateways: readonly Gateway[], institutions: readonly InstitutionId[]): readonly SmsTemplate[] {
  const key = `${gateways.join(',')}|${institutions.join(',')}`;
  let candidates = CANDIDATES.get(key);
  if (candidates === undefined) {
    candidates = TEMPLATES.filter(
      (template) => gateways.includes(template.gateway) && (institutions.length === 0 || institutions.includes(template.institution)),
    );
    CANDIDATES.set(key, candidates);
  }
  return candidates;
}

function fromTemplate(reading: TemplateReading, text: NormalisedText): ParsedSms {
  const { template } = reading;
  return {
    ok: true,
    gateway: template.gateway,
    direction: 'credit',
    reference: reading.reference,
    amount: paisaToAmount(reading.amountPaisa),
    amountPaisa: reading.amountPaisa,
    currency: 'PKR',
    ...(reading.payer && { payer: reading.payer }),
    ...(reading.occurredAt !== undefined && { occurredAt: reading.occurredAt }),
    tier: 'template',
    templateId: template.id,
    institution: institution(template.institution).name,
    target: 'holder',
    spans: { amount: text.rawSpan(reading.spans.amount), reference: reading.spans.reference && text.rawSpan(reading.spans.reference) },
    ...(reading.receivingAccount !== undefined && { receivingAccount: reading.receivingAccount }),
    ...(reading.balancePaisa !== undefined && { balance: paisaToAmount(reading.balancePaisa), balancePaisa: reading.balancePaisa }),
  };
}

function fromExtraction(credit: ExtractedCredit, text: NormalisedText): ParsedSms {
  return {
    ok: true,
    gateway: credit.gateway,
    direction: 'credit',
    reference: credit.reference && normalizeReference(credit.reference.value),
    amount: paisaToAmount(credit.amount.paisa),
    amountPaisa: credit.amount.paisa,
    currency: 'PKR',
    ...(credit.payer && { payer: credit.payer }),
    ...(credit.occurredAt !== undefined && { occurredAt: credit.occurredAt }),
    tier: 'extracted',
    templateId: null,
    institution: credit.institution && institution(credit.institution).name,
    target: credit.target,
    spans: { amount: text.rawSpan(credit.amount.span), reference: credit.reference && text.rawSpan(credit.reference.span) },
    ...(credit.receivingAccount !== undefined && { receivingAccount: credit.receivingAccount }),
    ...(credit.balancePaisa !== undefined && { balance: paisaToAmount(credit.balancePaisa), balancePaisa: credit.balancePaisa }),
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
export function readTrustedBody(sender: string, gateways: readonly Gateway[], body: string, receivedAt?: SmsInput['receivedAt']): SmsReading {
  const text = new NormalisedText(body);
  if (text.text === '' || isFragment(text.text)) return { text, result: reject('malformed') };
  const institutions = institutionsOfSender(sender, gateways);
  const analysis = analyse(text.text);
  const byTemplate = readByTemplate(analysis, candidateTemplates(gateways, institutions), receivedAt);
  if (byTemplate !== undefined) return { text, analysis, result: byTemplate.ok ? fromTemplate(byTemplate, text) : reject(byTemplate.reason) };
  const extracted = classify(analysis, { gateways, institutions, receivedAt });
  return { text, analysis, result: extracted.ok ? fromExtraction(extracted, text) : reject(extracted.reason) };
}

/** Parses as `parseSms` does, keeping what the decision was made on. */
export function readSms(input: SmsInput, options: ParseOptions = {}): SmsReading {
  if (!isSmsInput(input) || input.body.length > MAX_BODY_LENGTH) return { text: new NormalisedText(''), result: reject('malformed') };
  const sender = normalizeSender(input.sender);
  const gateways = senderTrust(options.allowedSenders).get(sender);
  if (gateways === undefined) return { text: new NormalisedText(''), result: reject('untrusted_sender') };
  return readTrustedBody(sender, gateways, input.body, input.receivedAt);
}

/**
 * Reads one forwarded SMS as a customer's incoming payment. Only senders on the allow-list are read at all; a known
 * wording is read by its template, any other by its words and numbers; anything that is not clearly one credit is
 * rejected with a reason, never guessed.
 */
export function parseSms(input: SmsInput, options: ParseOptions = {}): SmsParseResult {
  return readSms(input, options).result;
}

import { institution, InstitutionId } from '../institutions/institutions';
import { WordingKind } from '../lexicon/wordings';
import { Gateway, Payer } from '../sms.types';

/** What a template must read from its example; the money fields are written exactly as they appear in the text. */
export interface TemplateExample {
  readonly text: string;
  readonly amount: string;
  readonly reference: string | null;
  readonly balance?: string;
  readonly payer?: Payer;
  readonly receivingAccount?: string;
  readonly occurredAt?: string;
}

/** What reading a message by a wording needs: built-in templates and learned ones alike. */
export interface TemplateMatcher {
  readonly id: string;
  readonly gateway: Gateway;
  /** Null for a wording learned from a sender no institution is known by (a tenant's own sender id). */
  readonly institution: InstitutionId | null;
  /** Kinds of wording that are part of this template's own text and so do not reject it ("sent to SCB PK A/C"). */
  readonly acceptsWording?: readonly WordingKind[];
  /** Unanchored marker of this wording: seen without a full match means a damaged message, seen twice means two readings. */
  readonly signature: RegExp;
  readonly pattern: RegExp;
}

/**
 * One real SMS wording. Fields come from the pattern's named groups: amount, reference, balance,
 * payerName, payerNumber, payerAccount, receivingAccount, date, time; `tail` (promotional trailer) is ignored.
 */
export interface SmsTemplate extends TemplateMatcher {
  readonly institution: InstitutionId;
  /** The institution's sender ids: a template is tried only on messages from them. */
  readonly senders: readonly string[];
  readonly examples: readonly TemplateExample[];
}

/** The fields a template takes from the institution whose wording it is. */
export function ofInstitution(id: InstitutionId): Pick<SmsTemplate, 'institution' | 'gateway' | 'senders'> {
  const { gateway, senders } = institution(id);
  return { institution: id, gateway, senders };
}

const MESSAGE_END = String.raw`[.;]?(?: (?<tail>.{0,2000}))?$`;

/** Anchors a template body written in normalised single-line text; the message may end in a promotional tail. */
export function anchored(body: string): RegExp {
  // With match indices: where the amount and reference stand is part of the reading.
  return new RegExp(`^${body.normalize('NFKC')}${MESSAGE_END}`, 'id');
}

export function wording(strings: TemplateStringsArray, ...fragments: readonly string[]): RegExp {
  return anchored(strings.raw.reduce((joined, raw, index) => joined + raw + (fragments[index] ?? ''), ''));
}

export function marker(source: string): RegExp {
  return new RegExp(source.normalize('NFKC'), 'gi');
}

export const CURRENCY = String.raw`(?:Rs|PKR)\.? ?`;
export const money = (group: 'amount' | 'balance'): string => String.raw`(?<${group}>\d(?:[\d,.]{0,18}\d)?)(?:\/-|\/=)?`;
export const AMOUNT = money('amount');
export const BALANCE = money('balance');
export const NAME = String.raw`(?<payerName>[A-Za-z][A-Za-z0-9 .'&*:()\/-]{0,59}?)`;
export const URDU_NAME = String.raw`(?<payerName>[A-Za-z\u0600-\u06FF][A-Za-z\u0600-\u06FF .'-]{0,59}?)`;
export const mobile = (group: 'payerNumber' | 'receivingAccount'): string =>
  String.raw`(?<${group}>(?:\+?92|0)3[\d*xX-]{7,11}\d)`;
export const account = (group: 'payerAccount' | 'receivingAccount'): string =>
  String.raw`(?<${group}>PK[\dA-Z*]{2,32}|[*xX#\d][\d*xX#-]{0,30}\d)`;
export const reference = (shortest: number, longest: number): string => String.raw`(?<reference>\d{${shortest},${longest}})`;
export const DATE = String.raw`(?<date>\d{1,4} ?[-/. ] ?(?:\d{1,2}|[A-Za-z]{3,9})(?: ?[-/. ] ?\d{2,4})?)`;
export const TIME = String.raw`(?<time>\d{1,2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?: ?[AP]M)?)`;
export const URDU_MONEY = String.raw`(?:${CURRENCY})?${AMOUNT}(?: روپے)?`;
export const URDU_BALANCE = String.raw`(?:${CURRENCY})?${BALANCE}(?: روپے)?`;
export const RAIL = String.raw`(?:IBFT|RAAST|IFT|FT|Funds Transfer|Inter Bank Fund Transfer)`;

import { Gateway } from '../../gateway';
import { Event, eventGuard } from '../event';

export const SMS_TEMPLATE_LEARNED = 'SmsTemplateLearned';
export const SMS_TEMPLATE_PROMOTED = 'SmsTemplatePromoted';
export const SMS_TEMPLATE_RETIRED = 'SmsTemplateRetired';

/** Where a marked value stands in the example's raw body: a half-open range of UTF-16 code units. */
export type MarkedSpan = readonly [start: number, end: number];

/** The example a template was learned from, and what the operator marked in it (by slot: amount, reference, …). */
export interface TemplateExampleData {
  /** The stored SMS it came from; null when the operator pasted it. */
  readonly smsId: string | null;
  readonly sender: string;
  readonly body: string;
  readonly marks: Readonly<Record<string, MarkedSpan>>;
}

/** Every learned template's id starts so (`learned.<12 hex>`); the built-ins' start with their gateway. */
export function isLearnedTemplateId(templateId: string): boolean {
  return templateId.startsWith('learned.');
}

/**
 * A wording an operator taught from an example: the derived pattern is recorded as derived, so a later change to
 * how patterns are derived leaves it as it was learned. It reads the messages of `tenantId` until promoted.
 */
export interface SmsTemplateLearnedData {
  /** `learned.<12 hex>` */
  readonly templateId: string;
  readonly tenantId: string;
  readonly gateway: Gateway;
  readonly institution: string | null;
  /** The normalised sender id it reads. */
  readonly sender: string;
  readonly pattern: string;
  readonly signature: string;
  readonly example: TemplateExampleData;
  readonly learnedBy: string;
  readonly note: string;
  readonly learnedAt: string;
}

/** The template now reads the messages of every tenant that trusts its sender. */
export interface SmsTemplatePromotedData {
  readonly templateId: string;
  readonly promotedBy: string;
  readonly note: string;
  readonly promotedAt: string;
}

/** The template reads nothing from now on; what it read stays read. */
export interface SmsTemplateRetiredData {
  readonly templateId: string;
  readonly retiredBy: string;
  readonly note: string;
  readonly retiredAt: string;
}

export type SmsTemplateLearned = Event<typeof SMS_TEMPLATE_LEARNED, SmsTemplateLearnedData>;
export type SmsTemplatePromoted = Event<typeof SMS_TEMPLATE_PROMOTED, SmsTemplatePromotedData>;
export type SmsTemplateRetired = Event<typeof SMS_TEMPLATE_RETIRED, SmsTemplateRetiredData>;
/** Every event of the learned templates' stream. */
export type SmsTemplateEvent = SmsTemplateLearned | SmsTemplatePromoted | SmsTemplateRetired;
export const isSmsTemplateEvent = eventGuard<SmsTemplateEvent>({ [SMS_TEMPLATE_LEARNED]: true, [SMS_TEMPLATE_PROMOTED]: true, [SMS_TEMPLATE_RETIRED]: true });

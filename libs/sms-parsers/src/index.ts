export { MAX_BODY_LENGTH, parseSms } from './parse-sms';
export { toPaisa } from './normalise/money';
export { normalizeReference } from './extract/reference';
export { DEFAULT_ALLOWED_SENDERS, normalizeSender } from './institutions/senders';
export { TEMPLATES } from './templates/registry';
export type { SmsTemplate, TemplateExample } from './templates/template';
export { LearnedTemplateSet, learnedWordingsOverlap } from './learned/learned-template-set';
export { INSTITUTION_IDS, institution, institutionIdByName, isInstitutionId } from './institutions/institutions';
export { institutionOfSender } from './institutions/identify';
export type { InstitutionId } from './institutions/institutions';
export type { LearnedTemplateDefinition } from './learned/learned-template-set';
export { deriveTemplate } from './learned/derive-template';
export type { Derivation, Lesson, LessonRefused, Mark, Marks } from './learned/derive-template';
export type { SlotKind } from './learned/template-pattern';
export type {
  AllowedSenders,
  DebitReading,
  Gateway,
  ParsedSms,
  ParseOptions,
  Payer,
  SmsInput,
  SmsParseResult,
  SmsRejection,
  SmsRejectionReason,
} from './sms.types';

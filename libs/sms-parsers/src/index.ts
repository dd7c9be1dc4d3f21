export { MAX_BODY_LENGTH, parseSms } from './parse-sms';
export { toPaisa } from './normalise/money';
export { normalizeReference } from './extract/reference';
export { DEFAULT_ALLOWED_SENDERS, normalizeSender } from './institutions/senders';
export { TEMPLATES } from './templates/registry';
export type { SmsTemplate, TemplateExample } from './templates/template';
export type {
  AllowedSenders,
  Gateway,
  ParsedSms,
  ParseOptions,
  Payer,
  SmsInput,
  SmsParseResult,
  SmsRejection,
  SmsRejectionReason,
} from './sms.types';

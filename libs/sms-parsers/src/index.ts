export { parseSms } from './parse-sms';
export { toPaisa, samePaisa } from './normalise/money';
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

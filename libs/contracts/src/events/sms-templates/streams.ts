/** No dash inside: a stream's category is what comes before its first dash (`sms-…` would be read as SMS streams). */
export const SMS_TEMPLATE_CATEGORY = 'smstemplates';

/**
 * Every learned template on one stream: learning, promoting and retiring are decided one after another, so two
 * templates that would read the same messages differently are never both recorded.
 */
export const SMS_TEMPLATES_STREAM = `${SMS_TEMPLATE_CATEGORY}-learned`;

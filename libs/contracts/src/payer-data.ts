/**
 * Whose payer data a sealed text is: the SMS (`sms/<id>`: its body and what its reading found of the payer) or the
 * payment (`payment/<id>`: what the merchant or the payer's page said of the payer). One key per subject
 * (`libs/payer-data`), so one subject can be erased, and retention can erase by age, without touching anybody else's.
 */
export type PayerSubject = `${'sms' | 'payment'}/${string}`;

const SUBJECT = /^(sms|payment)\/[0-9a-f-]{36}$/;

export function isPayerSubject(text: string): text is PayerSubject {
  return SUBJECT.test(text);
}

export const smsSubject = (smsId: string): PayerSubject => `sms/${smsId}`;
export const paymentSubject = (paymentId: string): PayerSubject => `payment/${paymentId}`;

export const SEALED_TEXT_PREFIX = 'pd1';

/**
 * Payer data as events and projections hold it: `pd1:<subject>:<base64 of iv, tag and ciphertext>`, readable only
 * with its subject's key. A field of payer data recorded before sealing holds its text as it was written.
 */
export type SealedText = `${typeof SEALED_TEXT_PREFIX}:${PayerSubject}:${string}`;

export function isSealedText(value: unknown): value is SealedText {
  if (typeof value !== 'string') return false;
  const parts = value.split(':');
  return parts.length === 3 && parts[0] === SEALED_TEXT_PREFIX && isPayerSubject(parts[1]) && /^[A-Za-z0-9+/]+=*$/.test(parts[2]);
}

/** The subject a sealed text belongs to (its key's name). */
export function subjectOf(sealed: SealedText): PayerSubject {
  const subject = sealed.split(':')[1];
  if (!isPayerSubject(subject)) throw new Error('Not a sealed text');
  return subject;
}

// A Pakistani mobile number as people write it: 03xx xxxxxxx, +92 3xx…, 0092 3xx…, with spaces or dashes.
const MOBILE = /(?<![\d+])(?:\+92|0092|92|0)[\s-]?(3\d{2})[\s-]?(\d{7})(?!\d)/g;
const WHOLE_MOBILE = /^(?:\+92|0092|92|0)(3\d{9})$/;

/** A mobile number in one form (`03001234567`), or null when the text is not one. */
export function normalizedMobile(text: string): string | null {
  const digits = WHOLE_MOBILE.exec(text.replace(/[\s-]/g, ''));
  return digits ? `0${digits[1]}` : null;
}

/** The mobile numbers a text holds but the merchant's own accounts (however they are written): a payer's, then. */
export function payerMobilesIn(text: string, merchantAccounts: readonly string[]): string[] {
  const merchants = new Set(merchantAccounts.map(normalizedMobile));
  return mobilesIn(text).filter((mobile) => !merchants.has(mobile));
}

/** Every mobile number a text holds, each in one form (`03001234567`), once. */
export function mobilesIn(text: string): string[] {
  return [...new Set([...text.matchAll(MOBILE)].map(([, operator, subscriber]) => `0${operator}${subscriber}`))];
}

import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

const IV_BYTES = 12;
const TAG_BYTES = 16;
export const DATA_KEY_BYTES = 32;
const PREFIX = 'pd1';

/**
 * Whose payer data a sealed text is: the SMS (`sms/<id>`: its body and what its reading found of the payer) or the
 * payment (`payment/<id>`: what the merchant or the payer's page said of the payer). One key per subject, so one
 * subject can be erased, and retention can erase by age, without touching anybody else's.
 */
export type PayerSubject = `${'sms' | 'payment'}/${string}`;

const SUBJECT = /^(sms|payment)\/[0-9a-f-]{36}$/;

export function isPayerSubject(text: string): text is PayerSubject {
  return SUBJECT.test(text);
}

/** Payer data as stored: `pd1:<subject>:<base64 of iv, tag and ciphertext>`, bound to its tenant and subject. */
export type SealedText = `${typeof PREFIX}:${PayerSubject}:${string}`;

export function isSealedText(value: unknown): value is SealedText {
  if (typeof value !== 'string') return false;
  const parts = value.split(':');
  return parts.length === 3 && parts[0] === PREFIX && isPayerSubject(parts[1]) && /^[A-Za-z0-9+/]+=*$/.test(parts[2]);
}

/** The subject a sealed text belongs to (its key's name). */
export function subjectOf(sealed: SealedText): PayerSubject {
  const subject = sealed.split(':')[1];
  if (!isPayerSubject(subject)) throw new Error('Not a sealed text');
  return subject;
}

// Moved to another tenant's or subject's record, a sealed text no longer opens.
const associatedData = (tenantId: string, subject: PayerSubject) => Buffer.from(`payer-data:${tenantId}:${subject}`, 'utf8');

/** AES-256-GCM under the subject's data key. */
export function sealText(key: Buffer, tenantId: string, subject: PayerSubject, plaintext: string): SealedText {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(associatedData(tenantId, subject));
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return `${PREFIX}:${subject}:${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64')}`;
}

/** The plaintext, or null when the key, the tenant, the subject or the bytes are not the ones it was sealed with. */
export function openText(key: Buffer, tenantId: string, sealed: SealedText): string | null {
  const raw = Buffer.from(sealed.split(':')[2], 'base64');
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, IV_BYTES));
    decipher.setAAD(associatedData(tenantId, subjectOf(sealed)));
    decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
    return Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}

export function newDataKey(): Buffer {
  return randomBytes(DATA_KEY_BYTES);
}

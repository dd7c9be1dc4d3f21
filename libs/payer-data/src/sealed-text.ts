import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { PayerSubject, SEALED_TEXT_PREFIX, SealedText, subjectOf } from '@pvs/contracts';

const IV_BYTES = 12;
const TAG_BYTES = 16;
export const DATA_KEY_BYTES = 32;

// Moved to another tenant's or subject's record, a sealed text no longer opens.
const associatedData = (tenantId: string, subject: PayerSubject) => Buffer.from(`payer-data:${tenantId}:${subject}`, 'utf8');

/** AES-256-GCM under the subject's data key. */
export function sealText(key: Buffer, tenantId: string, subject: PayerSubject, plaintext: string): SealedText {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(associatedData(tenantId, subject));
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return `${SEALED_TEXT_PREFIX}:${subject}:${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64')}`;
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

import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { EncryptedSecret } from '@pvs/contracts';

const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** AES-256-GCM for the secrets the service must use in clear later (webhook signing). */
export class SecretBox {
  private readonly key: Buffer;

  constructor(key: Buffer) {
    if (key.length !== 32) throw new Error('The secrets key must be 32 bytes');
    this.key = key;
  }

  seal(plaintext: string): EncryptedSecret {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return { ciphertext: `${VERSION}:${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64')}` };
  }

  open(secret: EncryptedSecret): string {
    const [version, payload] = secret.ciphertext.split(':');
    if (version !== VERSION || !payload) throw new Error('Unknown secret encoding');
    const raw = Buffer.from(payload, 'base64');
    const decipher = createDecipheriv('aes-256-gcm', this.key, raw.subarray(0, IV_BYTES));
    decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
    return Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
  }
}

/** A webhook signing secret in the Standard Webhooks form: `whsec_` + base64 of 32 random bytes. */
export function issueWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

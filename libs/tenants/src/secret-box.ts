import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { EncryptedSecret } from '@pvs/contracts';

const IV_BYTES = 12;
const TAG_BYTES = 16;
const KEY_BYTES = 32;

/** Names a secrets key without revealing it: the first 16 hex digits of its SHA-256. */
export function keyFingerprint(key: Buffer): string {
  return createHash('sha256').update(key).digest('hex').slice(0, 16);
}

/** A secret could not be opened: sealed under a key the ring does not hold, for another tenant, or altered. */
export class UnopenableSecretError extends Error {
  constructor(readonly keyFingerprint: string | null) {
    super(keyFingerprint ? `Sealed under secrets key ${keyFingerprint}, which is not among the keys given` : 'Sealed under none of the keys given');
    this.name = 'UnopenableSecretError';
  }
}

interface RingKey {
  readonly fingerprint: string;
  readonly key: Buffer;
}

/**
 * AES-256-GCM for the secrets the service must use in clear later (webhook signing), under a ring of keys: the
 * current key (SECRETS_KEY) seals, and it or any previous key (SECRETS_PREVIOUS_KEYS) opens, so a key can be
 * replaced without a moment when stored secrets cannot be read. A sealed secret names its key by fingerprint
 * (`v2:<fingerprint>:<iv|tag|ciphertext>`) and is bound to its tenant as associated data: moved to another tenant's
 * record, it no longer opens. Secrets sealed before (`v1:`, no key name, no tenant) still open.
 */
export class SecretBox {
  private readonly ring: readonly RingKey[];

  constructor(current: Buffer, previous: readonly Buffer[] = []) {
    for (const key of [current, ...previous]) if (key.length !== KEY_BYTES) throw new Error(`A secrets key must be ${KEY_BYTES} bytes`);
    this.ring = [current, ...previous].map((key) => ({ fingerprint: keyFingerprint(key), key }));
  }

  /** The fingerprint of the key that seals. */
  get currentKey(): string {
    return this.ring[0].fingerprint;
  }

  seal(plaintext: string, tenantId: string): EncryptedSecret {
    const [{ fingerprint, key }] = this.ring;
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', key, iv);
    cipher.setAAD(associatedData(tenantId));
    const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return { ciphertext: `v2:${fingerprint}:${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64')}` };
  }

  open(secret: EncryptedSecret, tenantId: string): string {
    const parts = secret.ciphertext.split(':');
    if (parts[0] === 'v2' && parts.length === 3) {
      const ringKey = this.ring.find(({ fingerprint }) => fingerprint === parts[1]);
      const opened = ringKey && decrypt(ringKey.key, Buffer.from(parts[2], 'base64'), associatedData(tenantId));
      if (!opened) throw new UnopenableSecretError(parts[1]);
      return opened;
    }
    if (parts[0] === 'v1' && parts.length === 2) {
      for (const { key } of this.ring) {
        const opened = decrypt(key, Buffer.from(parts[1], 'base64'), null);
        if (opened !== null) return opened;
      }
    }
    throw new UnopenableSecretError(null);
  }

  /** Whether the secret is sealed otherwise than the current key would seal it now: a rotation seals it again. */
  isStale(secret: EncryptedSecret): boolean {
    return !secret.ciphertext.startsWith(`v2:${this.currentKey}:`);
  }
}

function associatedData(tenantId: string): Buffer {
  return Buffer.from(`tenant:${tenantId}`, 'utf8');
}

/** The plaintext, or null when the key, the associated data or the bytes do not match. */
function decrypt(key: Buffer, raw: Buffer, aad: Buffer | null): string | null {
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, IV_BYTES));
    if (aad) decipher.setAAD(aad);
    decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
    return Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}

/** A webhook signing secret in the Standard Webhooks form: `whsec_` + base64 of 32 random bytes. */
export function issueWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

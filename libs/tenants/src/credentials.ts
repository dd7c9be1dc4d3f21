import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { HashedCredential, TenantCredential } from '@pvs/contracts';

/**
 * Credentials look like `<prefix>_<key id>_<secret>`: the key id finds the tenant, the secret
 * is checked against its stored SHA-256 in constant time. Secrets carry 256 random bits, so a
 * plain hash is as strong as a slow one and keeps every request cheap.
 */
/** `pvs` API keys and `pvsgw` gateway secrets of tenants; `pvsop` tokens of named operators; `pvsfw` keys of forwarding phones. */
export type CredentialKind = 'pvs' | 'pvsgw' | 'pvsop' | 'pvsfw';

/** The prefix each rotatable tenant credential is issued with. */
export const CREDENTIAL_KINDS: Record<TenantCredential, CredentialKind> = { api_key: 'pvs', gateway_secret: 'pvsgw' };

export interface IssuedCredential {
  readonly plaintext: string;
  readonly stored: HashedCredential;
}

const FORMAT = /^(pvs|pvsgw|pvsop|pvsfw)_([0-9a-f]{16})_([A-Za-z0-9_-]{43})$/;

export function issueCredential(kind: CredentialKind): IssuedCredential {
  const keyId = randomBytes(8).toString('hex');
  const secret = randomBytes(32).toString('base64url');
  return { plaintext: `${kind}_${keyId}_${secret}`, stored: { keyId, hash: sha256(secret) } };
}

export interface PresentedCredential {
  readonly keyId: string;
  readonly secret: string;
}

export function parseCredential(kind: CredentialKind, presented: string): PresentedCredential | null {
  const match = FORMAT.exec(presented);
  if (!match || match[1] !== kind) return null;
  return { keyId: match[2], secret: match[3] };
}

export function credentialMatches(stored: HashedCredential, presented: PresentedCredential): boolean {
  return stored.keyId === presented.keyId && hashesEqual(stored.hash, sha256(presented.secret));
}

export function sha256(value: string): string {
  return createHash('sha256').update(value, 'utf8').digest('hex');
}

/** Constant-time equality of two hex SHA-256 digests. */
export function hashesEqual(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === 32 && right.length === 32 && timingSafeEqual(left, right);
}

import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ConfigError } from '@pvs/runtime';
import { sha256 } from '@pvs/tenants';

export interface AdminToken {
  readonly hash: string;
  /** Set only when the token was generated now: the one time it can be shown. */
  readonly generated?: string;
}

/**
 * The admin token when ADMIN_TOKEN is unset: generated on first start, shown once, and only
 * its hash kept in the data folder (delete the file to get a new one). Generated only for a
 * service on a loopback address: shown on any other, it would end in a container's logs.
 */
export function adminTokenFor(configured: string | undefined, dataDir: string | null, onLoopback: boolean): AdminToken {
  if (configured) return { hash: sha256(configured) };
  const file = dataDir && join(dataDir, 'admin-token.sha256');
  if (file && existsSync(file)) return { hash: readFileSync(file, 'utf8').trim() };
  if (!onLoopback) throw new ConfigError('ADMIN_TOKEN', 'is required when HOST is not a loopback address (openssl rand -base64 32): a token generated here would be printed where logs go');
  const generated = randomBytes(24).toString('base64url');
  if (file) writeSecretFile(file, sha256(generated));
  return { hash: sha256(generated), generated };
}

/** The key that encrypts webhook secrets: SECRETS_KEY, else one generated once into the data folder. */
export function secretsKeyFor(configured: Buffer | undefined, dataDir: string | null): Buffer {
  if (configured) return configured;
  const file = dataDir && join(dataDir, 'secrets.key');
  if (file && existsSync(file)) return Buffer.from(readFileSync(file, 'utf8').trim(), 'base64');
  const key = randomBytes(32);
  if (file) writeSecretFile(file, key.toString('base64'));
  return key;
}

function writeSecretFile(file: string, content: string): void {
  mkdirSync(join(file, '..'), { recursive: true });
  writeFileSync(file, `${content}\n`, { mode: 0o600 });
}

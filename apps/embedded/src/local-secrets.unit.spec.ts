import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sha256 } from '@pvs/tenants';
import { adminTokenFor, secretsKeyFor } from './local-secrets';

describe('local secrets of the embedded mode', () => {
  let dataDir: string;
  beforeEach(() => (dataDir = mkdtempSync(join(tmpdir(), 'pvs-secrets-'))));
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  it('generates the admin token once, keeps only its hash, and never shows it again', () => {
    const first = adminTokenFor(undefined, dataDir, true);
    expect(first.generated).toMatch(/^[A-Za-z0-9_-]{32}$/);
    const stored = readFileSync(join(dataDir, 'admin-token.sha256'), 'utf8');
    expect(stored.trim()).toBe(sha256(first.generated!));
    expect(stored).not.toContain(first.generated);
    expect(statSync(join(dataDir, 'admin-token.sha256')).mode & 0o777).toBe(0o600);

    const second = adminTokenFor(undefined, dataDir, true);
    expect(second).toEqual({ hash: first.hash });
  });

  it('generates no admin token for a service on another address than loopback, but keeps one generated before', () => {
    expect(() => adminTokenFor(undefined, dataDir, false)).toThrow('Invalid configuration: ADMIN_TOKEN is required when HOST is not a loopback address');
    expect(existsSync(join(dataDir, 'admin-token.sha256'))).toBe(false);
    const first = adminTokenFor(undefined, dataDir, true);
    expect(adminTokenFor(undefined, dataDir, false)).toEqual({ hash: first.hash });
  });

  it('prefers ADMIN_TOKEN and SECRETS_KEY when they are set', () => {
    expect(adminTokenFor('an-operator-chosen-token', dataDir, false)).toEqual({ hash: sha256('an-operator-chosen-token') });
    const key = Buffer.alloc(32, 1);
    expect(secretsKeyFor(key, dataDir)).toBe(key);
  });

  it('keeps one generated secrets key across starts', () => {
    const key = secretsKeyFor(undefined, dataDir);
    expect(key).toHaveLength(32);
    expect(secretsKeyFor(undefined, dataDir)).toEqual(key);
  });
});

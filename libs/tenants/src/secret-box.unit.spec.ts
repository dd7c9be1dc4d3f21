import { createCipheriv, randomBytes } from 'node:crypto';
import { SecretBox, UnopenableSecretError, issueWebhookSecret, keyFingerprint } from './secret-box';

const TENANT = '0b7c1c1e-8d2b-4a57-9d35-3f4f0c2f6a10';
const OTHER_TENANT = '5f9e2a41-1c3b-4d6e-8f70-a1b2c3d4e5f6';

/** A secret as the service sealed it before keys had names and secrets had tenants (format v1). */
function sealedTheOldWay(key: Buffer, plaintext: string): { ciphertext: string } {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return { ciphertext: `v1:${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64')}` };
}

describe('SecretBox', () => {
  it('opens what it sealed, names the key, and never stores the plaintext', () => {
    const key = randomBytes(32);
    const box = new SecretBox(key);
    const secret = issueWebhookSecret();
    const sealed = box.seal(secret, TENANT);
    expect(sealed.ciphertext).toMatch(new RegExp(`^v2:${keyFingerprint(key)}:`));
    expect(sealed.ciphertext).not.toContain(secret.slice(6));
    expect(box.open(sealed, TENANT)).toBe(secret);
    expect(box.seal(secret, TENANT).ciphertext).not.toBe(sealed.ciphertext);
  });

  it("refuses a secret moved to another tenant's record", () => {
    const box = new SecretBox(randomBytes(32));
    const sealed = box.seal('whsec_x', TENANT);
    expect(() => box.open(sealed, OTHER_TENANT)).toThrow(UnopenableSecretError);
  });

  it('refuses a secret sealed under a key it does not hold, naming that key', () => {
    const other = randomBytes(32);
    const sealed = new SecretBox(other).seal('whsec_x', TENANT);
    expect(() => new SecretBox(randomBytes(32)).open(sealed, TENANT)).toThrow(`Sealed under secrets key ${keyFingerprint(other)}`);
  });

  it('refuses an altered secret', () => {
    const box = new SecretBox(randomBytes(32));
    const good = box.seal('whsec_y', TENANT).ciphertext;
    const altered = `${good.slice(0, -4)}${good.slice(-4) === 'AAAA' ? 'BBBB' : 'AAAA'}`;
    for (const ciphertext of [altered, 'v2:0000:AAAA', 'v3:x:y', '', 'v1:']) expect(() => box.open({ ciphertext }, TENANT)).toThrow(UnopenableSecretError);
  });

  it('seals with the current key and opens with any key of the ring', () => {
    const [old, current] = [randomBytes(32), randomBytes(32)];
    const sealedBefore = new SecretBox(old).seal('whsec_before', TENANT);
    const ring = new SecretBox(current, [old]);
    expect(ring.open(sealedBefore, TENANT)).toBe('whsec_before');
    expect(ring.currentKey).toBe(keyFingerprint(current));
    expect(ring.seal('whsec_after', TENANT).ciphertext).toMatch(new RegExp(`^v2:${keyFingerprint(current)}:`));
    expect(ring.isStale(sealedBefore)).toBe(true);
    expect(ring.isStale(ring.seal('whsec_after', TENANT))).toBe(false);
  });

  it('still opens secrets sealed the old way (v1), with whichever key of the ring sealed them, and calls them stale', () => {
    const [old, current] = [randomBytes(32), randomBytes(32)];
    const sealed = sealedTheOldWay(old, 'whsec_v1');
    expect(new SecretBox(current, [old]).open(sealed, TENANT)).toBe('whsec_v1');
    expect(new SecretBox(old).isStale(sealed)).toBe(true);
    expect(() => new SecretBox(current).open(sealed, TENANT)).toThrow('Sealed under none of the keys given');
  });

  it('takes 32-byte keys only', () => {
    expect(() => new SecretBox(randomBytes(16))).toThrow('A secrets key must be 32 bytes');
    expect(() => new SecretBox(randomBytes(32), [randomBytes(31)])).toThrow('A secrets key must be 32 bytes');
  });

  it('issues Standard Webhooks secrets of 32 random bytes', () => {
    const secret = issueWebhookSecret();
    expect(secret).toMatch(/^whsec_/);
    expect(Buffer.from(secret.slice(6), 'base64')).toHaveLength(32);
  });
});

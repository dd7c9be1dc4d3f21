import { randomBytes } from 'node:crypto';
import { SecretBox, issueWebhookSecret } from './secret-box';

describe('SecretBox', () => {
  it('opens what it sealed, and never stores the plaintext', () => {
    const box = new SecretBox(randomBytes(32));
    const secret = issueWebhookSecret();
    const sealed = box.seal(secret);
    expect(sealed.ciphertext).not.toContain(secret.slice(6));
    expect(box.open(sealed)).toBe(secret);
    expect(box.seal(secret).ciphertext).not.toBe(sealed.ciphertext);
  });

  it('refuses a ciphertext sealed with another key or altered', () => {
    const sealed = new SecretBox(randomBytes(32)).seal('whsec_x');
    expect(() => new SecretBox(randomBytes(32)).open(sealed)).toThrow();
    const box = new SecretBox(randomBytes(32));
    const good = box.seal('whsec_y').ciphertext;
    const altered = `${good.slice(0, -4)}${good.slice(-4) === 'AAAA' ? 'BBBB' : 'AAAA'}`;
    expect(() => box.open({ ciphertext: altered })).toThrow();
  });

  it('issues Standard Webhooks secrets of 32 random bytes', () => {
    const secret = issueWebhookSecret();
    expect(secret).toMatch(/^whsec_/);
    expect(Buffer.from(secret.slice(6), 'base64')).toHaveLength(32);
  });
});

import { credentialMatches, hashesEqual, issueCredential, parseCredential, sha256 } from './credentials';

describe('credentials', () => {
  it('issues a credential whose plaintext matches only its own stored hash', () => {
    const key = issueCredential('pvs');
    const other = issueCredential('pvs');
    const presented = parseCredential('pvs', key.plaintext);
    expect(presented).not.toBeNull();
    expect(credentialMatches(key.stored, presented!)).toBe(true);
    expect(credentialMatches(other.stored, presented!)).toBe(false);
    expect(JSON.stringify(key.stored)).not.toContain(presented!.secret);
  });

  it('refuses a credential of another kind, a tampered secret or a malformed value', () => {
    const key = issueCredential('pvs');
    expect(parseCredential('pvsgw', key.plaintext)).toBeNull();
    const tampered = parseCredential('pvs', `${key.plaintext.slice(0, -1)}${key.plaintext.endsWith('A') ? 'B' : 'A'}`);
    expect(credentialMatches(key.stored, tampered!)).toBe(false);
    for (const value of ['', 'pvs_', 'pvs_xyz_abc', `${key.plaintext} `, key.plaintext.toUpperCase()]) {
      expect(parseCredential('pvs', value)).toBeNull();
    }
  });

  it('compares digests only when both are full SHA-256 digests', () => {
    expect(hashesEqual(sha256('a'), sha256('a'))).toBe(true);
    expect(hashesEqual(sha256('a'), sha256('b'))).toBe(false);
    expect(hashesEqual('', '')).toBe(false);
  });
});

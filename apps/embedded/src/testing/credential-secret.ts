/**
 * The secret part of an issued credential (`pvs_<key id>_<secret>`). The secret is base64url and may
 * itself hold `_`, so it is what follows the key id, not the last `_`-separated piece.
 */
export function secretOf(credential: string): string {
  const secret = /^[a-z]+_[0-9a-f]{16}_(.+)$/.exec(credential)?.[1];
  if (!secret) throw new Error(`not an issued credential: ${credential}`);
  return secret;
}

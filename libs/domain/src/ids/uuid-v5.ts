import { createHash } from 'node:crypto';

/** RFC 9562 version-5 UUID: SHA-1 of the namespace and the name's UTF-8 (Node's encoding of a string). */
export function uuidV5(namespace: Buffer, name: string): string {
  const hash = createHash('sha1').update(namespace).update(name).digest();
  hash[6] = (hash[6] & 0x0f) | 0x50;
  hash[8] = (hash[8] & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

import { createHash } from 'node:crypto';
import { Gateway } from '@pvs/contracts';

// Fixed for ever: changing it would give a reference registered earlier a second payment id.
const PAYMENT_ID_NAMESPACE = Buffer.from('5f0c3c8e9a4b4d1f8a7e2b6c1d3e9f40', 'hex');

/**
 * The payment's UUID is derived (UUIDv5) from tenant, gateway and normalised reference, so a
 * reference can only ever name one payment stream: registering it twice finds the first one.
 */
export function paymentIdFor(tenantId: string, gateway: Gateway, normalizedReference: string): string {
  const hash = createHash('sha1').update(PAYMENT_ID_NAMESPACE).update(`${tenantId}\n${gateway}\n${normalizedReference}`, 'utf8').digest();
  hash[6] = (hash[6] & 0x0f) | 0x50;
  hash[8] = (hash[8] & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

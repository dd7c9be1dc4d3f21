import { Gateway } from '@pvs/contracts';
import { uuidV5 } from './uuid-v5';

// Fixed for ever: changing it would give a reference registered earlier a second payment id.
const PAYMENT_ID_NAMESPACE = Buffer.from('5f0c3c8e9a4b4d1f8a7e2b6c1d3e9f40', 'hex');
// Fixed for ever: changing it would let an SMS forwarded again be recorded twice.
const SMS_ID_NAMESPACE = Buffer.from('a3d94c1e7b2f4e8a9c5d6e7f8a9b0c1d', 'hex');

/**
 * The payment's UUID is derived (UUIDv5) from tenant, gateway and normalised reference, so a
 * reference can only ever name one payment stream: registering it twice finds the first one.
 */
export function paymentIdFor(tenantId: string, gateway: Gateway, normalizedReference: string): string {
  return uuidV5(PAYMENT_ID_NAMESPACE, `${tenantId}\n${gateway}\n${normalizedReference}`);
}

/** One id per (tenant, sender, body): forwarders re-send the same SMS, and it is recorded once. */
export function smsIdFor(tenantId: string, normalizedSender: string, body: string): string {
  return uuidV5(SMS_ID_NAMESPACE, `${tenantId}\n${normalizedSender}\n${body}`);
}

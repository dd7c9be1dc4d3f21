import { Gateway, SmsSource } from '@pvs/contracts';
import { uuidV5 } from './uuid-v5';

// Fixed for ever: changing it would give a reference registered earlier a second payment id.
const PAYMENT_ID_NAMESPACE = Buffer.from('5f0c3c8e9a4b4d1f8a7e2b6c1d3e9f40', 'hex');
// Fixed for ever: changing it would let an SMS forwarded again be recorded twice.
const SMS_ID_NAMESPACE = Buffer.from('a3d94c1e7b2f4e8a9c5d6e7f8a9b0c1d', 'hex');
// Fixed for ever: changing it would give a phone that already forwards a second forwarder.
const FORWARDER_ID_NAMESPACE = Buffer.from('7c2e5a904d1b4f6e8b3a0c9d2e1f4a57', 'hex');

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

/**
 * One forwarder per tenant and phone, so every gateway process that hears from a phone names it alike. A phone is
 * named by its app's payload (`app` and the device it names: an app that names none is the tenant's one unnamed
 * forwarder of that app), or by the merchant in an `X-Forwarder-Id` header, whatever app posts (`app` null).
 */
export function forwarderIdFor(tenantId: string, app: SmsSource | null, device: string | null): string {
  return uuidV5(FORWARDER_ID_NAMESPACE, `${tenantId}\n${app ?? 'header'}\n${device ?? ''}`);
}

import { AlertKind, Gateway, SmsSource } from '@pvs/contracts';
import { uuidV5 } from './uuid-v5';

// Fixed for ever: changing it would give a reference registered earlier a second payment id.
const PAYMENT_ID_NAMESPACE = Buffer.from('5f0c3c8e9a4b4d1f8a7e2b6c1d3e9f40', 'hex');
// Fixed for ever: changing it would let an SMS forwarded again be recorded twice.
const SMS_ID_NAMESPACE = Buffer.from('a3d94c1e7b2f4e8a9c5d6e7f8a9b0c1d', 'hex');
// Fixed for ever: changing it would give a phone that already forwards a second forwarder.
const FORWARDER_ID_NAMESPACE = Buffer.from('7c2e5a904d1b4f6e8b3a0c9d2e1f4a57', 'hex');
// Fixed for ever: changing it would split an account's ledger in two.
const LEDGER_ID_NAMESPACE = Buffer.from('e41b6f0a2c8d4e3f9a7b5c1d0e2f3a68', 'hex');
// Fixed for ever: changing it would lose every payment link's stream.
const PAYMENT_LINK_ID_NAMESPACE = Buffer.from('9e3c1a5b7d2f4a6c8e0b2d4f6a8c0e13', 'hex');
// Fixed for ever: changing it would give an alert acknowledged earlier a second id.
const ALERT_ID_NAMESPACE = Buffer.from('2b9d7e4c1a0f4c8e8d6b3a5f9e0c1d27', 'hex');

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

/** The last four digits of an account as an SMS writes it (`**1234`, `PK..001234`), the part every wording shows; null when fewer. */
export function accountTail(account: string | null): string | null {
  const digits = account?.replace(/\D/g, '') ?? '';
  return digits.length >= 4 ? digits.slice(-4) : null;
}

/**
 * The ledger of a tenant's account of a gateway, keyed by the account's last four digits, so that a credit's wording
 * and a debit's, masked differently, meet in one ledger; a wallet's SMS rarely name it: one ledger for the gateway then.
 */
export function ledgerKeyFor(tenantId: string, gateway: Gateway, account: string | null): string {
  return uuidV5(LEDGER_ID_NAMESPACE, `${tenantId}\n${gateway}\n${accountTail(account) ?? ''}`);
}

/** A gap is named by the ledger and the two statements either side of it: found again, it is the same gap. */
export function gapIdFor(accountKey: string, afterSmsId: string, beforeSmsId: string): string {
  return uuidV5(LEDGER_ID_NAMESPACE, `${accountKey}\n${afterSmsId}\n${beforeSmsId}`);
}

/**
 * An alert is named by what it is about: a silence by its phone and when it was found (one per silence), a gap by its
 * id, a stall or a review by the payment (a payment stalls once, and waits for a person once).
 */
export function alertIdFor(kind: AlertKind, subject: string): string {
  return uuidV5(ALERT_ID_NAMESPACE, `${kind}\n${subject}`);
}

/** A payment link's id, from the code in its public address: the page reads the link's stream with no index. */
export function paymentLinkIdFor(code: string): string {
  return uuidV5(PAYMENT_LINK_ID_NAMESPACE, code);
}

import { EncryptedSecret } from './tenant-registered.event';

export const TENANT_TWILIO_AUTH_TOKEN_RESEALED = 'TenantTwilioAuthTokenResealed';

/** The same Twilio auth token, sealed again under the current secrets key (a key rotation): nothing else changes. */
export interface TenantTwilioAuthTokenResealedData {
  readonly tenantId: string;
  readonly authToken: EncryptedSecret;
  /** Fingerprint of the key that sealed it. */
  readonly keyFingerprint: string;
  readonly resealedAt: string;
}

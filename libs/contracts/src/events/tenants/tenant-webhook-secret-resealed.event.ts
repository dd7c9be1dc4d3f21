import { EncryptedSecret } from './tenant-registered.event';

export const TENANT_WEBHOOK_SECRET_RESEALED = 'TenantWebhookSecretResealed';

/** The same signing secrets, sealed again under the current secrets key (a key rotation): nothing else changes. */
export interface TenantWebhookSecretResealedData {
  readonly tenantId: string;
  readonly webhookSecret: EncryptedSecret;
  readonly previousWebhookSecret: EncryptedSecret | null;
  /** Fingerprint of the key that sealed them. */
  readonly keyFingerprint: string;
  readonly resealedAt: string;
}

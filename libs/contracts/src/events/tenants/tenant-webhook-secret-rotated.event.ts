import { EncryptedSecret } from './tenant-registered.event';

export const TENANT_WEBHOOK_SECRET_ROTATED = 'TenantWebhookSecretRotated';

/** A new signing secret; the previous one keeps signing too until `previousValidUntil`. */
export interface TenantWebhookSecretRotatedData {
  readonly tenantId: string;
  readonly webhookSecret: EncryptedSecret;
  readonly previousWebhookSecret: EncryptedSecret;
  readonly previousValidUntil: string;
  readonly rotatedAt: string;
}

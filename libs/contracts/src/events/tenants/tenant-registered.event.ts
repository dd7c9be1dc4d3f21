import { AlertWebhookEvent } from '../alerts/alert-events';
import { AllowedSenders, BalanceCheckMode, ReceivingAccounts, VerificationPolicy } from '../../tenant-settings';

export const TENANT_REGISTERED = 'TenantRegistered';

/** A credential kept only as a salted hash; `keyId` is the public part used to find it. */
export interface HashedCredential {
  readonly keyId: string;
  readonly hash: string;
}

/** A secret the service must use in clear (webhook signing), kept encrypted at rest. */
export interface EncryptedSecret {
  readonly ciphertext: string;
}

export interface TenantRegisteredData {
  readonly tenantId: string;
  readonly name: string;
  readonly webhookUrl: string | null;
  readonly allowedSenders: AllowedSenders | null;
  /** Since version 2 (none and `record` before the settings existed, see EVENT_SCHEMAS). */
  readonly receivingAccounts: ReceivingAccounts | null;
  readonly balanceCheck: BalanceCheckMode;
  /** Since version 3 (`standard` before the setting existed, see EVENT_SCHEMAS). */
  readonly verificationPolicy: VerificationPolicy;
  /** Since version 4 (none before the setting existed, see EVENT_SCHEMAS). */
  readonly alertWebhooks: readonly AlertWebhookEvent[];
  /** Since version 5 (none before the setting existed, see EVENT_SCHEMAS). */
  readonly raastQr: string | null;
  /** Since version 6 (the default, 180 days, before the setting existed, see EVENT_SCHEMAS). */
  readonly payerDataRetentionDays: number;
  readonly unpaidCycleLimit: number;
  readonly apiKey: HashedCredential;
  readonly gatewaySecret: HashedCredential;
  readonly webhookSecret: EncryptedSecret;
  readonly registeredAt: string;
}

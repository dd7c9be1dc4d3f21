import {
  EncryptedSecret,
  HashedCredential,
  TENANT_CREDENTIAL_ROTATED,
  TENANT_REGISTERED,
  TENANT_UPDATED,
  TENANT_WEBHOOK_SECRET_RESEALED,
  TENANT_WEBHOOK_SECRET_ROTATED,
  TenantCredentialRotatedData,
  TenantRegisteredData,
  TenantWebhookSecretResealedData,
  TenantWebhookSecretRotatedData,
  TenantSettings,
  TenantUpdatedData,
} from '@pvs/contracts';
import { RecordedEvent } from '@pvs/event-store';

export const DEFAULT_UNPAID_CYCLE_LIMIT = 3;

/** A tenant as folded from its stream. */
export interface Tenant extends TenantSettings {
  readonly id: string;
  readonly name: string;
  readonly apiKey: HashedCredential;
  readonly gatewaySecret: HashedCredential;
  readonly webhookSecret: EncryptedSecret;
  /** The secret before the last rotation, still signing until `previousWebhookSecretValidUntil`. */
  readonly previousWebhookSecret: EncryptedSecret | null;
  readonly previousWebhookSecretValidUntil: string | null;
  readonly createdAt: string;
  readonly version: number;
}

export function evolveTenant(tenant: Tenant | null, event: RecordedEvent): Tenant | null {
  switch (event.type) {
    case TENANT_REGISTERED: {
      const data = event.data as TenantRegisteredData;
      return {
        id: data.tenantId,
        name: data.name,
        status: 'active',
        unpaidCycles: 0,
        unpaidCycleLimit: data.unpaidCycleLimit,
        webhookUrl: data.webhookUrl,
        allowedSenders: data.allowedSenders,
        receivingAccounts: data.receivingAccounts ?? null,
        balanceCheck: data.balanceCheck ?? 'record',
        apiKey: data.apiKey,
        gatewaySecret: data.gatewaySecret,
        webhookSecret: data.webhookSecret,
        previousWebhookSecret: null,
        previousWebhookSecretValidUntil: null,
        createdAt: data.registeredAt,
        version: event.streamVersion,
      };
    }
    case TENANT_UPDATED: {
      if (!tenant) return null;
      const { changes } = event.data as TenantUpdatedData;
      return { ...tenant, ...changes, version: event.streamVersion };
    }
    case TENANT_WEBHOOK_SECRET_ROTATED: {
      if (!tenant) return null;
      const data = event.data as TenantWebhookSecretRotatedData;
      return {
        ...tenant,
        webhookSecret: data.webhookSecret,
        previousWebhookSecret: data.previousWebhookSecret,
        previousWebhookSecretValidUntil: data.previousValidUntil,
        version: event.streamVersion,
      };
    }
    case TENANT_WEBHOOK_SECRET_RESEALED: {
      if (!tenant) return null;
      const data = event.data as TenantWebhookSecretResealedData;
      return { ...tenant, webhookSecret: data.webhookSecret, previousWebhookSecret: data.previousWebhookSecret, version: event.streamVersion };
    }
    case TENANT_CREDENTIAL_ROTATED: {
      if (!tenant) return null;
      const { credential, replacement } = event.data as TenantCredentialRotatedData;
      const field = credential === 'api_key' ? 'apiKey' : 'gatewaySecret';
      return { ...tenant, [field]: replacement, version: event.streamVersion };
    }
    default:
      return tenant ? { ...tenant, version: event.streamVersion } : null;
  }
}

/** Why the tenant may not register payments now, or null when it may (spec: 402). */
export function paymentBlock(tenant: Tenant): string | null {
  if (tenant.status === 'suspended') return 'Tenant is suspended';
  if (tenant.unpaidCycles >= tenant.unpaidCycleLimit) return 'Unpaid cycle limit reached';
  return null;
}

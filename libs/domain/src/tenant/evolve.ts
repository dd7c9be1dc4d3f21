import {
  EncryptedSecret,
  HashedCredential,
  TENANT_CREDENTIAL_ROTATED,
  TENANT_REGISTERED,
  TENANT_TWILIO_AUTH_TOKEN_CLEARED,
  TENANT_TWILIO_AUTH_TOKEN_RESEALED,
  TENANT_TWILIO_AUTH_TOKEN_SET,
  TENANT_UPDATED,
  TENANT_WEBHOOK_SECRET_RESEALED,
  TENANT_WEBHOOK_SECRET_ROTATED,
  TenantEvent,
  TenantSettings,
} from '@pvs/contracts';

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
  /** Twilio's key for the signatures on the SMS it posts; null when the tenant gave none (its signatures are then not checked). */
  readonly twilioAuthToken: EncryptedSecret | null;
  readonly createdAt: string;
}

/** A tenant stream before its registration: no tenant. */
export type TenantState = Tenant | null;

export function evolveTenant(tenant: TenantState, event: TenantEvent): TenantState {
  if (event.type === TENANT_REGISTERED) {
    const { data } = event;
    return {
      id: data.tenantId,
      name: data.name,
      status: 'active',
      unpaidCycles: 0,
      unpaidCycleLimit: data.unpaidCycleLimit,
      webhookUrl: data.webhookUrl,
      allowedSenders: data.allowedSenders,
      receivingAccounts: data.receivingAccounts,
      balanceCheck: data.balanceCheck,
      verificationPolicy: data.verificationPolicy,
      alertWebhooks: data.alertWebhooks,
      raastQr: data.raastQr,
      payerDataRetentionDays: data.payerDataRetentionDays,
      apiKey: data.apiKey,
      gatewaySecret: data.gatewaySecret,
      webhookSecret: data.webhookSecret,
      previousWebhookSecret: null,
      previousWebhookSecretValidUntil: null,
      twilioAuthToken: null,
      createdAt: data.registeredAt,
    };
  }
  if (!tenant) return null;
  switch (event.type) {
    case TENANT_UPDATED:
      return { ...tenant, ...event.data.changes };
    case TENANT_WEBHOOK_SECRET_ROTATED:
      return {
        ...tenant,
        webhookSecret: event.data.webhookSecret,
        previousWebhookSecret: event.data.previousWebhookSecret,
        previousWebhookSecretValidUntil: event.data.previousValidUntil,
      };
    case TENANT_WEBHOOK_SECRET_RESEALED:
      return { ...tenant, webhookSecret: event.data.webhookSecret, previousWebhookSecret: event.data.previousWebhookSecret };
    case TENANT_CREDENTIAL_ROTATED:
      return event.data.credential === 'api_key' ? { ...tenant, apiKey: event.data.replacement } : { ...tenant, gatewaySecret: event.data.replacement };
    case TENANT_TWILIO_AUTH_TOKEN_SET:
    case TENANT_TWILIO_AUTH_TOKEN_RESEALED:
      return { ...tenant, twilioAuthToken: event.data.authToken };
    case TENANT_TWILIO_AUTH_TOKEN_CLEARED:
      return { ...tenant, twilioAuthToken: null };
  }
}

/** Why the tenant may not register payments now, or null when it may (spec: 402). */
export function paymentBlock(tenant: Tenant): string | null {
  if (tenant.status === 'suspended') return 'Tenant is suspended';
  if (tenant.unpaidCycles >= tenant.unpaidCycleLimit) return 'Unpaid cycle limit reached';
  return null;
}

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
  TenantCredential,
  TenantEvent,
  TenantRegisteredData,
  TenantSettings,
  isTenantEvent,
} from '@pvs/contracts';
import { Decider, Decision, accept, refuse } from '../decider';
import { Tenant, TenantState, evolveTenant } from './evolve';

export const TENANT_NOT_FOUND = 'Tenant not found';

export type TenantCommand =
  | { readonly type: 'Register'; readonly registration: TenantRegisteredData }
  | { readonly type: 'Update'; readonly settings: Partial<TenantSettings>; readonly now: Date }
  | { readonly type: 'RotateCredential'; readonly credential: TenantCredential; readonly replacement: HashedCredential; readonly now: Date }
  | { readonly type: 'RotateWebhookSecret'; readonly webhookSecret: EncryptedSecret; readonly previousValidUntil: string; readonly now: Date }
  | { readonly type: 'SetTwilioAuthToken'; readonly authToken: EncryptedSecret; readonly now: Date }
  | { readonly type: 'ClearTwilioAuthToken'; readonly now: Date }
  | {
      readonly type: 'ResealSecrets';
      readonly keyFingerprint: string;
      /** The secret sealed again under the current key, or null when it is already under it (the key ring's work, not the tenant's). */
      readonly reseal: (secret: EncryptedSecret) => EncryptedSecret | null;
      readonly now: Date;
    };

/** Every change is recorded against the tenant as it is; a change that changes nothing records nothing. */
export function decideTenant(command: TenantCommand, tenant: TenantState): Decision<TenantEvent> {
  if (command.type === 'Register') {
    return tenant ? refuse('conflict', 'Tenant already registered') : accept({ type: TENANT_REGISTERED, data: command.registration });
  }
  if (!tenant) return refuse('not_found', TENANT_NOT_FOUND);
  const at = command.now.toISOString();
  switch (command.type) {
    case 'Update': {
      const { changes, previous } = changedSettings(tenant, command.settings);
      return Object.keys(changes).length === 0 ? accept() : accept({ type: TENANT_UPDATED, data: { tenantId: tenant.id, changes, previous, updatedAt: at } });
    }
    case 'RotateCredential': {
      const current = command.credential === 'api_key' ? tenant.apiKey : tenant.gatewaySecret;
      const data = { tenantId: tenant.id, credential: command.credential, replacement: command.replacement, previousKeyId: current.keyId, rotatedAt: at };
      return accept({ type: TENANT_CREDENTIAL_ROTATED, data });
    }
    case 'RotateWebhookSecret': {
      const { webhookSecret, previousValidUntil } = command;
      return accept({
        type: TENANT_WEBHOOK_SECRET_ROTATED,
        data: { tenantId: tenant.id, webhookSecret, previousWebhookSecret: tenant.webhookSecret, previousValidUntil, rotatedAt: at },
      });
    }
    case 'SetTwilioAuthToken':
      return accept({ type: TENANT_TWILIO_AUTH_TOKEN_SET, data: { tenantId: tenant.id, authToken: command.authToken, setAt: at } });
    case 'ClearTwilioAuthToken':
      return tenant.twilioAuthToken ? accept({ type: TENANT_TWILIO_AUTH_TOKEN_CLEARED, data: { tenantId: tenant.id, clearedAt: at } }) : accept();
    case 'ResealSecrets':
      return accept(...resealed(tenant, command, at));
  }
}

/** Each of the tenant's sealed secrets that the key rotation seals again, as the events that record them so. */
function resealed(tenant: Tenant, { reseal, keyFingerprint }: Extract<TenantCommand, { type: 'ResealSecrets' }>, at: string): TenantEvent[] {
  const events: TenantEvent[] = [];
  const current = reseal(tenant.webhookSecret);
  const previous = tenant.previousWebhookSecret && reseal(tenant.previousWebhookSecret);
  if (current || previous) {
    events.push({
      type: TENANT_WEBHOOK_SECRET_RESEALED,
      data: {
        tenantId: tenant.id,
        webhookSecret: current ?? tenant.webhookSecret,
        previousWebhookSecret: previous ?? tenant.previousWebhookSecret,
        keyFingerprint,
        resealedAt: at,
      },
    });
  }
  const authToken = tenant.twilioAuthToken && reseal(tenant.twilioAuthToken);
  if (authToken) events.push({ type: TENANT_TWILIO_AUTH_TOKEN_RESEALED, data: { tenantId: tenant.id, authToken, keyFingerprint, resealedAt: at } });
  return events;
}

type Settings = { -readonly [K in keyof TenantSettings]?: TenantSettings[K] };

/** Every setting, each naming itself: the compiler insists on all of them. */
const SETTINGS: { readonly [K in keyof TenantSettings]: K } = {
  status: 'status',
  unpaidCycles: 'unpaidCycles',
  unpaidCycleLimit: 'unpaidCycleLimit',
  webhookUrl: 'webhookUrl',
  allowedSenders: 'allowedSenders',
  receivingAccounts: 'receivingAccounts',
  balanceCheck: 'balanceCheck',
  verificationPolicy: 'verificationPolicy',
  alertWebhooks: 'alertWebhooks',
  raastQr: 'raastQr',
  payerDataRetentionDays: 'payerDataRetentionDays',
};

/** Only the settings that change, with the values they replace, so the stream is an audit log. */
function changedSettings(tenant: Tenant, requested: Partial<TenantSettings>): { changes: Settings; previous: Settings } {
  const changes: Settings = {};
  const previous: Settings = {};
  const compare = <K extends keyof TenantSettings>(field: K): void => {
    const wanted = requested[field];
    if (wanted === undefined || JSON.stringify(wanted) === JSON.stringify(tenant[field])) return;
    changes[field] = wanted;
    previous[field] = tenant[field];
  };
  for (const field of Object.values(SETTINGS)) compare(field);
  return { changes, previous };
}

export const tenantDecider: Decider<TenantCommand, TenantState, TenantEvent> = {
  initialState: null,
  isEvent: isTenantEvent,
  evolve: evolveTenant,
  decide: decideTenant,
};

import { Event, eventGuard } from '../event';
import { TENANT_CREDENTIAL_ROTATED, TenantCredentialRotatedData } from './tenant-credential-rotated.event';
import { TENANT_REGISTERED, TenantRegisteredData } from './tenant-registered.event';
import { TENANT_TWILIO_AUTH_TOKEN_CLEARED, TenantTwilioAuthTokenClearedData } from './tenant-twilio-auth-token-cleared.event';
import { TENANT_TWILIO_AUTH_TOKEN_RESEALED, TenantTwilioAuthTokenResealedData } from './tenant-twilio-auth-token-resealed.event';
import { TENANT_TWILIO_AUTH_TOKEN_SET, TenantTwilioAuthTokenSetData } from './tenant-twilio-auth-token-set.event';
import { TENANT_UPDATED, TenantUpdatedData } from './tenant-updated.event';
import { TENANT_WEBHOOK_SECRET_RESEALED, TenantWebhookSecretResealedData } from './tenant-webhook-secret-resealed.event';
import { TENANT_WEBHOOK_SECRET_ROTATED, TenantWebhookSecretRotatedData } from './tenant-webhook-secret-rotated.event';

export type TenantRegistered = Event<typeof TENANT_REGISTERED, TenantRegisteredData>;
export type TenantUpdated = Event<typeof TENANT_UPDATED, TenantUpdatedData>;
export type TenantWebhookSecretRotated = Event<typeof TENANT_WEBHOOK_SECRET_ROTATED, TenantWebhookSecretRotatedData>;
export type TenantWebhookSecretResealed = Event<typeof TENANT_WEBHOOK_SECRET_RESEALED, TenantWebhookSecretResealedData>;
export type TenantCredentialRotated = Event<typeof TENANT_CREDENTIAL_ROTATED, TenantCredentialRotatedData>;
export type TenantTwilioAuthTokenSet = Event<typeof TENANT_TWILIO_AUTH_TOKEN_SET, TenantTwilioAuthTokenSetData>;
export type TenantTwilioAuthTokenCleared = Event<typeof TENANT_TWILIO_AUTH_TOKEN_CLEARED, TenantTwilioAuthTokenClearedData>;
export type TenantTwilioAuthTokenResealed = Event<typeof TENANT_TWILIO_AUTH_TOKEN_RESEALED, TenantTwilioAuthTokenResealedData>;

/** Every event of a tenant stream. */
export type TenantEvent =
  | TenantRegistered
  | TenantUpdated
  | TenantWebhookSecretRotated
  | TenantWebhookSecretResealed
  | TenantCredentialRotated
  | TenantTwilioAuthTokenSet
  | TenantTwilioAuthTokenCleared
  | TenantTwilioAuthTokenResealed;

export const isTenantEvent = eventGuard<TenantEvent>({
  [TENANT_REGISTERED]: true,
  [TENANT_UPDATED]: true,
  [TENANT_WEBHOOK_SECRET_ROTATED]: true,
  [TENANT_WEBHOOK_SECRET_RESEALED]: true,
  [TENANT_CREDENTIAL_ROTATED]: true,
  [TENANT_TWILIO_AUTH_TOKEN_SET]: true,
  [TENANT_TWILIO_AUTH_TOKEN_CLEARED]: true,
  [TENANT_TWILIO_AUTH_TOKEN_RESEALED]: true,
});

export const TENANT_TWILIO_AUTH_TOKEN_CLEARED = 'TenantTwilioAuthTokenCleared';

/** The tenant's Twilio auth token removed: Twilio's signature is no longer checked, the gateway secret alone admits its SMS. */
export interface TenantTwilioAuthTokenClearedData {
  readonly tenantId: string;
  readonly clearedAt: string;
}

import { EncryptedSecret } from './tenant-registered.event';

export const TENANT_TWILIO_AUTH_TOKEN_SET = 'TenantTwilioAuthTokenSet';

/** The tenant's Twilio auth token, sealed like its webhook secret: the SMS Twilio posts for it must carry Twilio's signature from now on. */
export interface TenantTwilioAuthTokenSetData {
  readonly tenantId: string;
  readonly authToken: EncryptedSecret;
  readonly setAt: string;
}

import { HashedCredential } from './tenant-registered.event';

export const TENANT_CREDENTIAL_ROTATED = 'TenantCredentialRotated';

/** The credentials a tenant authenticates with, each replaceable on its own. */
export const TENANT_CREDENTIALS = ['api_key', 'gateway_secret'] as const;
export type TenantCredential = (typeof TENANT_CREDENTIALS)[number];

/** A new API key or gateway secret: the previous one stops authenticating at once (no overlap). */
export interface TenantCredentialRotatedData {
  readonly tenantId: string;
  readonly credential: TenantCredential;
  readonly replacement: HashedCredential;
  readonly previousKeyId: string;
  readonly rotatedAt: string;
}

import { TenantSettings } from '../../tenant-settings';

export const TENANT_UPDATED = 'TenantUpdated';

/** Only the settings that changed, with the values they replaced, so the stream is an audit log. */
export interface TenantUpdatedData {
  readonly tenantId: string;
  readonly changes: Partial<TenantSettings>;
  readonly previous: Partial<TenantSettings>;
  readonly updatedAt: string;
}

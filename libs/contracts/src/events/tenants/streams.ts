export const TENANT_CATEGORY = 'tenant';

export function tenantStream(tenantId: string): string {
  return `${TENANT_CATEGORY}-${tenantId}`;
}

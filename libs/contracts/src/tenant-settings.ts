import { Gateway } from './gateway';

export const TENANT_STATUSES = ['active', 'suspended'] as const;
export type TenantStatus = (typeof TENANT_STATUSES)[number];

/** SMS senders trusted per gateway; a gateway left out keeps the built-in list. */
export type AllowedSenders = Partial<Record<Gateway, readonly string[]>>;

/** The tenant settings an operator may change. */
export interface TenantSettings {
  readonly status: TenantStatus;
  readonly unpaidCycles: number;
  readonly unpaidCycleLimit: number;
  readonly webhookUrl: string | null;
  readonly allowedSenders: AllowedSenders | null;
}

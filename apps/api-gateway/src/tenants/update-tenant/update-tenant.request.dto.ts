import { IsIn, IsInt, IsOptional, Max, Min } from 'class-validator';
import { TENANT_STATUSES, TenantStatus } from '@pvs/contracts';
import { TenantSettingsRequest, UNPAID_CYCLE_LIMIT_MAX } from '../tenant-settings.request.dto';

/** Fields left out stay as they are; `null` clears webhook_url, or restores the built-in senders. */
export class UpdateTenantRequest extends TenantSettingsRequest {
  @IsOptional()
  @IsIn(TENANT_STATUSES, { message: `status must be one of: ${TENANT_STATUSES.join(', ')}` })
  status?: TenantStatus;

  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(UNPAID_CYCLE_LIMIT_MAX)
  unpaid_cycles?: number;
}

import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsInt, Max, Min } from 'class-validator';
import { OptionalNotNull } from '../../http/optional-not-null';
import { TENANT_STATUSES, TenantStatus } from '@pvs/contracts';
import { TenantSettingsRequest, UNPAID_CYCLE_LIMIT_MAX } from '../tenant-settings.request.dto';

/** Fields left out stay as they are; `null` clears webhook_url, or restores the built-in senders. */
export class UpdateTenantRequest extends TenantSettingsRequest {
  @ApiPropertyOptional({ enum: TENANT_STATUSES })
  @OptionalNotNull()
  @IsIn(TENANT_STATUSES, { message: `status must be one of: ${TENANT_STATUSES.join(', ')}` })
  status?: TenantStatus;

  @ApiPropertyOptional({ type: 'integer', minimum: 0, maximum: UNPAID_CYCLE_LIMIT_MAX })
  @OptionalNotNull()
  @IsInt()
  @Min(0)
  @Max(UNPAID_CYCLE_LIMIT_MAX)
  unpaid_cycles?: number;
}

import { Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsUrl, Max, MaxLength, Min, ValidateNested } from 'class-validator';
import { TENANT_STATUSES, TenantStatus } from '@pvs/contracts';
import { AllowedSendersDto } from '../allowed-senders.dto';
import { UNPAID_CYCLE_LIMIT_MAX, WEBHOOK_URL_MESSAGE, WEBHOOK_URL_RULES } from '../tenant-fields';

/** Fields left out stay as they are; `null` clears webhook_url, or restores the built-in senders. */
export class UpdateTenantRequest {
  @IsOptional()
  @IsIn(TENANT_STATUSES, { message: `status must be one of: ${TENANT_STATUSES.join(', ')}` })
  status?: TenantStatus;

  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(UNPAID_CYCLE_LIMIT_MAX)
  unpaid_cycles?: number;

  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(UNPAID_CYCLE_LIMIT_MAX)
  unpaid_cycle_limit?: number;

  @IsOptional()
  @IsUrl(WEBHOOK_URL_RULES, WEBHOOK_URL_MESSAGE)
  @MaxLength(2048)
  webhook_url?: string | null;

  @IsOptional()
  @ValidateNested()
  @Type(() => AllowedSendersDto)
  allowed_senders?: AllowedSendersDto | null;
}

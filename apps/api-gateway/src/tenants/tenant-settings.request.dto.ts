import { Type } from 'class-transformer';
import { IsInt, IsOptional, IsUrl, Max, MaxLength, Min, ValidateNested } from 'class-validator';
import { AllowedSendersDto } from './allowed-senders.dto';

export const UNPAID_CYCLE_LIMIT_MAX = 1000;

/** The settings both creating and changing a tenant accept. */
export class TenantSettingsRequest {
  @IsOptional()
  @IsUrl({ protocols: ['http', 'https'], require_protocol: true, require_tld: false }, { message: 'webhook_url must be an http(s) URL' })
  @MaxLength(2048)
  webhook_url?: string | null;

  @IsOptional()
  @ValidateNested()
  @Type(() => AllowedSendersDto)
  allowed_senders?: AllowedSendersDto | null;

  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(UNPAID_CYCLE_LIMIT_MAX)
  unpaid_cycle_limit?: number;
}

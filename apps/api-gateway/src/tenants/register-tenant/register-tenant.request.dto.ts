import { Type } from 'class-transformer';
import { IsInt, IsOptional, IsString, IsUrl, Length, Max, MaxLength, Min, ValidateNested } from 'class-validator';
import { AllowedSendersDto } from '../allowed-senders.dto';
import { UNPAID_CYCLE_LIMIT_MAX, WEBHOOK_URL_MESSAGE, WEBHOOK_URL_RULES } from '../tenant-fields';

export class RegisterTenantRequest {
  @IsString()
  @Length(1, 120)
  name!: string;

  @IsOptional()
  @IsUrl(WEBHOOK_URL_RULES, WEBHOOK_URL_MESSAGE)
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

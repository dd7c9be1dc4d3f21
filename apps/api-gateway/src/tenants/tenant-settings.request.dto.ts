import { Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsUrl, Max, MaxLength, Min, ValidateNested } from 'class-validator';
import { BALANCE_CHECK_MODES, BalanceCheckMode } from '@pvs/contracts';
import { PerGatewayListDto } from './per-gateway-list.dto';

export const UNPAID_CYCLE_LIMIT_MAX = 1000;

/** The settings both creating and changing a tenant accept. */
export class TenantSettingsRequest {
  @IsOptional()
  @IsUrl({ protocols: ['http', 'https'], require_protocol: true, require_tld: false }, { message: 'webhook_url must be an http(s) URL' })
  @MaxLength(2048)
  webhook_url?: string | null;

  @IsOptional()
  @ValidateNested()
  @Type(() => PerGatewayListDto)
  allowed_senders?: PerGatewayListDto | null;

  @IsOptional()
  @ValidateNested()
  @Type(() => PerGatewayListDto)
  receiving_accounts?: PerGatewayListDto | null;

  @IsOptional()
  @IsIn(BALANCE_CHECK_MODES, { message: `balance_check must be one of: ${BALANCE_CHECK_MODES.join(', ')}` })
  balance_check?: BalanceCheckMode;

  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(UNPAID_CYCLE_LIMIT_MAX)
  unpaid_cycle_limit?: number;
}

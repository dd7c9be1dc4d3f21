import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsIn, IsInt, IsOptional, Max, Min, ValidateBy, ValidateNested } from 'class-validator';
import { OptionalNotNull } from '../http/optional-not-null';
import { MAX_WEBHOOK_URL_LENGTH, WebhookUrl } from '../http/webhook-url';
import { ALERT_WEBHOOK_EVENTS, AlertWebhookEvent, BALANCE_CHECK_MODES, PAYER_DATA_RETENTION_DAYS, BalanceCheckMode, VERIFICATION_POLICIES, VerificationPolicy } from '@pvs/contracts';
import { MAX_RAAST_QR_LENGTH, RECEIVING_ACCOUNT_KINDS, raastQrProblem } from '@pvs/domain';
import { PerGatewayListDto, ReceivingAccountsDto } from './per-gateway-list.dto';

export const UNPAID_CYCLE_LIMIT_MAX = 1000;

/** The settings both creating and changing a tenant accept. */
export class TenantSettingsRequest {
  @ApiPropertyOptional({
    type: String,
    nullable: true,
    format: 'uri',
    maxLength: MAX_WEBHOOK_URL_LENGTH,
    description: 'Where webhooks go when a payment has no callback_url; null clears it. Not a loopback, private or link-local address, nor localhost (unless WEBHOOK_ALLOW_PRIVATE_NETWORKS)',
  })
  @IsOptional()
  @WebhookUrl()
  webhook_url?: string | null;

  @ApiPropertyOptional({ type: PerGatewayListDto, nullable: true, description: 'SMS sender ids accepted per gateway; a gateway left out keeps the built-in list; null restores all defaults' })
  @IsOptional()
  @ValidateNested()
  @Type(() => PerGatewayListDto)
  allowed_senders?: PerGatewayListDto | null;

  @ApiPropertyOptional({
    type: ReceivingAccountsDto,
    nullable: true,
    description: `The merchant's wallet numbers and account numbers; a credit to another account never matches. Each is ${RECEIVING_ACCOUNT_KINDS}`,
  })
  @IsOptional()
  @ValidateNested()
  @Type(() => ReceivingAccountsDto)
  receiving_accounts?: ReceivingAccountsDto | null;

  @ApiPropertyOptional({ enum: BALANCE_CHECK_MODES, default: 'record' })
  @OptionalNotNull()
  @IsIn(BALANCE_CHECK_MODES, { message: `balance_check must be one of: ${BALANCE_CHECK_MODES.join(', ')}` })
  balance_check?: BalanceCheckMode;

  @ApiPropertyOptional({
    enum: VERIFICATION_POLICIES,
    default: 'standard',
    description:
      'standard: a credit read with a reference and the exact amount verifies unless it names another receiver; strict: where accounts are configured the credit must state one, and a reading no template knows must also name the merchant (the account holder, or a configured account) and show nothing its institution does not usually send',
  })
  @OptionalNotNull()
  @IsIn(VERIFICATION_POLICIES, { message: `verification_policy must be one of: ${VERIFICATION_POLICIES.join(', ')}` })
  verification_policy?: VerificationPolicy;

  @ApiPropertyOptional({
    type: [String],
    enum: ALERT_WEBHOOK_EVENTS,
    maxItems: ALERT_WEBHOOK_EVENTS.length,
    description: 'The alert webhooks sent to webhook_url besides the payment webhooks; none by default',
  })
  @OptionalNotNull()
  @IsArray({ message: 'alert_webhooks must be an array' })
  @ArrayMaxSize(ALERT_WEBHOOK_EVENTS.length)
  @IsIn(ALERT_WEBHOOK_EVENTS, { each: true, message: `alert_webhooks may hold: ${ALERT_WEBHOOK_EVENTS.join(', ')}` })
  alert_webhooks?: AlertWebhookEvent[];

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    maxLength: MAX_RAAST_QR_LENGTH,
    pattern: '^000201[\\x20-\\x7E]*6304[0-9A-Fa-f]{4}$',
    description: "The Raast QR payload (EMVCo) the merchant's bank issued, as text; its payment links' pages show it as a QR code. Its checksum must match (a 422 says the one expected); null clears it",
  })
  @IsOptional()
  @ValidateBy({
    name: 'raastQr',
    validator: {
      validate: (value: unknown) => typeof value === 'string' && raastQrProblem(value) === null,
      defaultMessage: (args) => (typeof args?.value === 'string' ? (raastQrProblem(args.value) ?? '') : 'raast_qr must be a string'),
    },
  })
  raast_qr?: string | null;

  @ApiPropertyOptional({
    type: 'integer',
    minimum: PAYER_DATA_RETENTION_DAYS.min,
    maximum: PAYER_DATA_RETENTION_DAYS.max,
    default: PAYER_DATA_RETENTION_DAYS.default,
    description: "Days its payers' data (SMS text, names, numbers) is kept before it is erased; data a pending or in-review payment needs is kept until the payment is decided",
  })
  @OptionalNotNull()
  @IsInt({ message: 'payer_data_retention_days must be a whole number of days' })
  @Min(PAYER_DATA_RETENTION_DAYS.min, { message: `payer_data_retention_days must be at least ${PAYER_DATA_RETENTION_DAYS.min}: a payer's dispute needs its evidence` })
  @Max(PAYER_DATA_RETENTION_DAYS.max, { message: `payer_data_retention_days must be at most ${PAYER_DATA_RETENTION_DAYS.max}` })
  payer_data_retention_days?: number;

  @ApiPropertyOptional({ type: 'integer', minimum: 1, maximum: UNPAID_CYCLE_LIMIT_MAX })
  @OptionalNotNull()
  @IsInt()
  @Min(1)
  @Max(UNPAID_CYCLE_LIMIT_MAX)
  unpaid_cycle_limit?: number;
}

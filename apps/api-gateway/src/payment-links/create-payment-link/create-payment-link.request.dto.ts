import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, ArrayMinSize, ArrayUnique, IsArray, IsIn, IsInt, IsISO8601, IsObject, IsOptional, IsUUID, Max, Min, Validate } from 'class-validator';
import { GATEWAYS, Gateway } from '@pvs/contracts';
import { PlainText, plainTextPattern } from '../../http/plain-text';
import { MAX_WEBHOOK_URL_LENGTH, WebhookUrl } from '../../http/webhook-url';
import { BoundedJson, MAX_AMOUNT_PKR, MAX_CLIENT_METADATA_BYTES, PkrAmount } from '../../payments/register-payment-intent/register-payment-intent.request.dto';

/** Body of POST /payment-links. */
export class CreatePaymentLinkRequest {
  @ApiPropertyOptional({ type: Number, nullable: true, minimum: 0.01, maximum: MAX_AMOUNT_PKR, multipleOf: 0.01, description: 'What the payer pays, PKR; leave it out to let the payer enter the amount (within min_amount and max_amount)' })
  @IsOptional()
  @Validate(PkrAmount)
  @Min(0.01, { message: 'amount must be at least 0.01' })
  @Max(MAX_AMOUNT_PKR, { message: `amount must be at most ${MAX_AMOUNT_PKR}` })
  amount?: number | null;

  @ApiPropertyOptional({ type: Number, nullable: true, minimum: 0.01, maximum: MAX_AMOUNT_PKR, multipleOf: 0.01, description: 'The least a payer may enter, PKR (1 when left out); only without amount' })
  @IsOptional()
  @Validate(PkrAmount)
  @Min(0.01, { message: 'min_amount must be at least 0.01' })
  @Max(MAX_AMOUNT_PKR, { message: `min_amount must be at most ${MAX_AMOUNT_PKR}` })
  min_amount?: number | null;

  @ApiPropertyOptional({ type: Number, nullable: true, minimum: 0.01, maximum: MAX_AMOUNT_PKR, multipleOf: 0.01, description: `The most a payer may enter, PKR (${MAX_AMOUNT_PKR} when left out); only without amount` })
  @IsOptional()
  @Validate(PkrAmount)
  @Min(0.01, { message: 'max_amount must be at least 0.01' })
  @Max(MAX_AMOUNT_PKR, { message: `max_amount must be at most ${MAX_AMOUNT_PKR}` })
  max_amount?: number | null;

  @ApiPropertyOptional({ type: String, nullable: true, minLength: 1, pattern: plainTextPattern('name', 1, 200), description: 'What the payment is for, shown to the payer; at most 200 characters' })
  @IsOptional()
  @PlainText('name', 1, 200)
  description?: string | null;

  @ApiPropertyOptional({ enum: GATEWAYS, isArray: true, minItems: 1, maxItems: GATEWAYS.length, uniqueItems: true, description: 'The ways the page offers to pay; all three when left out' })
  @IsOptional()
  @IsArray({ message: 'gateways must be a list' })
  @ArrayMinSize(1, { message: 'gateways must name at least one gateway' })
  @ArrayMaxSize(GATEWAYS.length, { message: `gateways must name at most ${GATEWAYS.length} gateways` })
  @IsIn(GATEWAYS, { each: true, message: `gateways must each be one of: ${GATEWAYS.join(', ')}` })
  @ArrayUnique({ message: 'gateways must not repeat a gateway' })
  gateways?: Gateway[];

  @ApiPropertyOptional({ type: 'integer', nullable: true, minimum: 1, maximum: 1_000_000, description: 'How many payments it takes (1: single use); no limit when left out or null' })
  @IsOptional()
  @IsInt({ message: 'max_uses must be a whole number' })
  @Min(1, { message: 'max_uses must be at least 1' })
  @Max(1_000_000, { message: 'max_uses must be at most 1000000' })
  max_uses?: number | null;

  @ApiPropertyOptional({ type: String, format: 'date-time', nullable: true, description: 'When it stops taking payments (ISO 8601 with a time zone); never when left out' })
  @IsOptional()
  @IsISO8601({ strict: true }, { message: 'expires_at must be an ISO 8601 date and time' })
  expires_at?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true, format: 'uri', maxLength: MAX_WEBHOOK_URL_LENGTH, description: 'Where the payer is sent back once the payment is decided, with a signed result (verifyReturn)' })
  @IsOptional()
  @WebhookUrl()
  return_url?: string | null;

  @ApiPropertyOptional({ type: 'object', additionalProperties: true, nullable: true, description: `Given to each payment made through it, and passed back in its webhooks; at most ${MAX_CLIENT_METADATA_BYTES} bytes of JSON` })
  @IsOptional()
  @IsObject({ message: 'client_metadata must be a JSON object' })
  @Validate(BoundedJson)
  client_metadata?: Record<string, unknown> | null;
}

/** Body of POST /admin/payment-links: a link created by an operator for a tenant. */
export class CreateTenantPaymentLinkRequest extends CreatePaymentLinkRequest {
  @ApiProperty({ format: 'uuid', description: 'The tenant whose link it is' })
  @IsUUID('all', { message: 'tenant_id must be a UUID' })
  tenant_id!: string;
}

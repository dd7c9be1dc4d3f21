import { IsIn, IsObject, IsOptional, Max, Min, Validate, ValidatorConstraint, ValidatorConstraintInterface } from 'class-validator';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { GATEWAYS, Gateway, pkrToPaisa } from '@pvs/contracts';
import { PlainText, plainTextPattern } from '../../http/plain-text';
import { MAX_WEBHOOK_URL_LENGTH, WebhookUrl } from '../../http/webhook-url';

export const MAX_AMOUNT_PKR = 100_000_000;
export const MAX_CLIENT_METADATA_BYTES = 4096;

@ValidatorConstraint({ name: 'boundedJson' })
export class BoundedJson implements ValidatorConstraintInterface {
  validate(value: unknown): boolean {
    return value === undefined || value === null || Buffer.byteLength(JSON.stringify(value), 'utf8') <= MAX_CLIENT_METADATA_BYTES;
  }

  defaultMessage(): string {
    return `client_metadata must be at most ${MAX_CLIENT_METADATA_BYTES} bytes of JSON`;
  }
}

/** A JSON number that is a whole number of paisa, read from its shortest decimal form (1e-7 is not, nor is NaN). */
@ValidatorConstraint({ name: 'pkrAmount' })
export class PkrAmount implements ValidatorConstraintInterface {
  validate(value: unknown): boolean {
    return typeof value === 'number' && pkrToPaisa(Math.abs(value)) !== null;
  }

  defaultMessage(): string {
    return 'amount must be a number with at most 2 decimals';
  }
}

/** Body of POST /payments/verify (spec 2.1). */
export class RegisterPaymentIntentRequest {
  @ApiProperty({ enum: GATEWAYS, description: 'The payment channel the customer used' })
  @IsIn(GATEWAYS, { message: `gateway must be one of: ${GATEWAYS.join(', ')}` })
  gateway!: Gateway;

  @ApiProperty({ minLength: 1, pattern: plainTextPattern('identifier', 1, 64), description: "The sender's transaction id from the customer's SMS, or a bank reference number; at most 64 characters once trimmed" })
  @PlainText('identifier', 1, 64)
  transaction_reference!: string;

  @ApiProperty({ minimum: 0.01, maximum: MAX_AMOUNT_PKR, multipleOf: 0.01, description: 'Total payable, PKR, at most 2 decimals' })
  @Validate(PkrAmount)
  @Min(0.01, { message: 'amount must be at least 0.01' })
  @Max(MAX_AMOUNT_PKR, { message: `amount must be at most ${MAX_AMOUNT_PKR}` })
  amount!: number;

  @ApiPropertyOptional({ type: String, nullable: true, minLength: 1, pattern: plainTextPattern('identifier', 1, 64), description: 'Customer phone number or other sender identifier; at most 64 characters once trimmed' })
  @IsOptional()
  @PlainText('identifier', 1, 64)
  sender_source?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true, format: 'uri', maxLength: MAX_WEBHOOK_URL_LENGTH, description: "Where this payment's webhooks go; the tenant's webhook_url when left out. Not a private address, as webhook_url" })
  @IsOptional()
  @WebhookUrl()
  callback_url?: string | null;

  @ApiPropertyOptional({ type: 'object', additionalProperties: true, nullable: true, description: `Passed back in the webhook as data.client_metadata; at most ${MAX_CLIENT_METADATA_BYTES} bytes of JSON` })
  @IsOptional()
  @IsObject({ message: 'client_metadata must be a JSON object' })
  @Validate(BoundedJson)
  client_metadata?: Record<string, unknown> | null;
}

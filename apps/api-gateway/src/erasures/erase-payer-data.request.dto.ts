import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsString, IsUUID, MaxLength } from 'class-validator';
import { OptionalNotNull } from '../http/optional-not-null';
import { PlainText, plainTextPattern } from '../http/plain-text';

/** Body of POST /admin/erasures: one payment, one SMS or one payer's mobile number, and why. Who erased is the operator whose token signed it. */
export class ErasePayerDataRequest {
  @ApiPropertyOptional({ format: 'uuid', description: 'The payment whose payer data to erase (with the SMS that decided it); give this, sms_id or mobile' })
  @OptionalNotNull()
  @IsUUID('all', { message: 'payment_id must be a UUID' })
  payment_id?: string;

  @ApiPropertyOptional({ format: 'uuid', description: 'The SMS whose text and payer to erase (with the payment it was matched with); give this, payment_id or mobile' })
  @OptionalNotNull()
  @IsUUID('all', { message: 'sms_id must be a UUID' })
  sms_id?: string;

  @ApiPropertyOptional({ description: "A payer's mobile number (03xx xxxxxxx, +92 3xx…): every SMS and payment of the tenant whose payer data holds it; with tenant_id" })
  @OptionalNotNull()
  @IsString({ message: 'mobile must be a string' })
  @MaxLength(32, { message: 'mobile must be at most 32 characters' })
  mobile?: string;

  @ApiPropertyOptional({ format: 'uuid', description: 'The tenant whose payer the mobile number is; only with mobile' })
  @OptionalNotNull()
  @IsUUID('all', { message: 'tenant_id must be a UUID' })
  tenant_id?: string;

  @ApiProperty({ minLength: 1, pattern: plainTextPattern('note', 1, 500), description: 'Why (the payer asked, a request number): recorded on the event; at most 500 characters once trimmed' })
  @PlainText('note', 1, 500)
  reason!: string;
}

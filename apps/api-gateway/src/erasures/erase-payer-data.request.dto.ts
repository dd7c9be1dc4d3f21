import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsUUID } from 'class-validator';
import { OptionalNotNull } from '../http/optional-not-null';
import { PlainText, plainTextPattern } from '../http/plain-text';

/** Body of POST /admin/erasures: one payment or one SMS, and why. Who erased is the operator whose token signed it. */
export class ErasePayerDataRequest {
  @ApiPropertyOptional({ format: 'uuid', description: 'The payment whose payer data to erase (with the SMS that decided it); give this or sms_id' })
  @OptionalNotNull()
  @IsUUID('all', { message: 'payment_id must be a UUID' })
  payment_id?: string;

  @ApiPropertyOptional({ format: 'uuid', description: 'The SMS whose text and payer to erase (with the payment it was matched with); give this or payment_id' })
  @OptionalNotNull()
  @IsUUID('all', { message: 'sms_id must be a UUID' })
  sms_id?: string;

  @ApiProperty({ minLength: 1, pattern: plainTextPattern('note', 1, 500), description: 'Why (the payer asked, a request number): recorded on the event; at most 500 characters once trimmed' })
  @PlainText('note', 1, 500)
  reason!: string;
}

import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsString, Length } from 'class-validator';
import { OptionalNotNull } from '../../http/optional-not-null';

export class ReviewPaymentRequest {
  /** Who decided: recorded on the event. */
  @ApiProperty({ minLength: 1, maxLength: 120, description: 'Who decided: recorded on the event' })
  @IsString()
  @Length(1, 120)
  operator!: string;

  @ApiPropertyOptional({ maxLength: 1000 })
  @OptionalNotNull()
  @IsString()
  @Length(0, 1000)
  note?: string;
}

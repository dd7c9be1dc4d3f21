import { IsOptional, IsString, Length } from 'class-validator';

export class ReviewPaymentRequest {
  /** Who decided: recorded on the event. */
  @IsString()
  @Length(1, 120)
  operator!: string;

  @IsOptional()
  @IsString()
  @Length(0, 1000)
  note?: string;
}

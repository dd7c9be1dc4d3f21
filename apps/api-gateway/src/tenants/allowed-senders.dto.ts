import { ArrayMaxSize, IsArray, IsOptional, IsString, Length } from 'class-validator';

const MAX_SENDERS = 50;

/** Per-gateway SMS sender allow-lists; a gateway left out keeps the built-in list. */
export class AllowedSendersDto {
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(MAX_SENDERS)
  @IsString({ each: true })
  @Length(1, 32, { each: true })
  wallet_one?: string[];

  @IsOptional()
  @IsArray()
  @ArrayMaxSize(MAX_SENDERS)
  @IsString({ each: true })
  @Length(1, 32, { each: true })
  wallet_two?: string[];

  @IsOptional()
  @IsArray()
  @ArrayMaxSize(MAX_SENDERS)
  @IsString({ each: true })
  @Length(1, 32, { each: true })
  bank?: string[];
}

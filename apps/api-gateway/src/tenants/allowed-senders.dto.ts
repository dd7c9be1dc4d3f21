import { applyDecorators } from '@nestjs/common';
import { ArrayMaxSize, IsArray, IsOptional, IsString, Length } from 'class-validator';

const MAX_SENDERS = 50;

const SenderList = () =>
  applyDecorators(IsOptional(), IsArray(), ArrayMaxSize(MAX_SENDERS), IsString({ each: true }), Length(1, 32, { each: true }));

/** Per-gateway SMS sender allow-lists; a gateway left out keeps the built-in list. */
export class AllowedSendersDto {
  @SenderList()
  wallet_one?: string[];

  @SenderList()
  wallet_two?: string[];

  @SenderList()
  bank?: string[];
}

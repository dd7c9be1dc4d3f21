import { applyDecorators } from '@nestjs/common';
import { ArrayMaxSize, IsArray, IsOptional, IsString, Length } from 'class-validator';

const MAX_SENDERS = 50;

const SenderList = () =>
  applyDecorators(IsOptional(), IsArray(), ArrayMaxSize(MAX_SENDERS), IsString({ each: true }), Length(1, 32, { each: true }));

/** Per-gateway lists: SMS sender allow-lists, or the merchant's receiving accounts. */
export class PerGatewayListDto {
  @SenderList()
  wallet_one?: string[];

  @SenderList()
  wallet_two?: string[];

  @SenderList()
  bank?: string[];
}

import { applyDecorators } from '@nestjs/common';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, IsArray, IsString, Length } from 'class-validator';
import { OptionalNotNull } from '../http/optional-not-null';

const MAX_SENDERS = 50;

const SenderList = () =>
  applyDecorators(
    ApiPropertyOptional({ type: [String], maxItems: MAX_SENDERS, items: { type: 'string', minLength: 1, maxLength: 32 } }),
    OptionalNotNull(),
    IsArray(), ArrayMaxSize(MAX_SENDERS), IsString({ each: true }), Length(1, 32, { each: true }));

/** Per-gateway lists: SMS sender allow-lists, or the merchant's receiving accounts. */
export class PerGatewayListDto {
  @SenderList()
  wallet_one?: string[];

  @SenderList()
  wallet_two?: string[];

  @SenderList()
  bank?: string[];
}

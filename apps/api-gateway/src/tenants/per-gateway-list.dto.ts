import { applyDecorators } from '@nestjs/common';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, ArrayMinSize, IsArray } from 'class-validator';
import { OptionalNotNull } from '../http/optional-not-null';
import { PlainText, plainTextPattern } from '../http/plain-text';

const MAX_SENDERS = 50;

const SenderList = () =>
  applyDecorators(
    ApiPropertyOptional({ type: [String], minItems: 1, maxItems: MAX_SENDERS, items: { type: 'string', minLength: 1, pattern: plainTextPattern('identifier', 1, 32) } }),
    OptionalNotNull(),
    IsArray(), ArrayMinSize(1, { message: '$property must hold at least one item; leave it out for the default' }), ArrayMaxSize(MAX_SENDERS),
    PlainText('identifier', 1, 32, { each: true }));

/** Per-gateway lists: SMS sender allow-lists, or the merchant's receiving accounts. */
export class PerGatewayListDto {
  @SenderList()
  wallet_one?: string[];

  @SenderList()
  wallet_two?: string[];

  @SenderList()
  bank?: string[];
}

import { applyDecorators } from '@nestjs/common';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, ArrayMinSize, IsArray } from 'class-validator';
import { RECEIVING_ACCOUNT_PATTERN } from '@pvs/domain';
import { OptionalNotNull } from '../http/optional-not-null';
import { PlainText, plainTextPattern, trimmedFieldPattern } from '../http/plain-text';
import { ReceivingAccount } from './receiving-accounts.validator';

const MAX_ITEMS = 50;
const MAX_SENDER_LENGTH = 32;
/** Longer than any account the pattern admits (16 masks and 20 digits, each followed by a separator). */
const MAX_ACCOUNT_LENGTH = 80;

/** One gateway's list: present with one item at least, or left out for the default. */
const GatewayList = (pattern: string, ...itemChecks: PropertyDecorator[]) =>
  applyDecorators(
    ApiPropertyOptional({ type: [String], minItems: 1, maxItems: MAX_ITEMS, items: { type: 'string', minLength: 1, pattern } }),
    OptionalNotNull(),
    IsArray(), ArrayMinSize(1, { message: '$property must hold at least one item; leave it out for the default' }), ArrayMaxSize(MAX_ITEMS),
    ...itemChecks);

const SenderList = () => GatewayList(plainTextPattern('identifier', 1, MAX_SENDER_LENGTH), PlainText('identifier', 1, MAX_SENDER_LENGTH, { each: true }));

/** Per-gateway lists of SMS sender ids. */
export class PerGatewayListDto {
  @SenderList()
  wallet_one?: string[];

  @SenderList()
  wallet_two?: string[];

  @SenderList()
  bank?: string[];
}

const AccountList = () =>
  GatewayList(trimmedFieldPattern(RECEIVING_ACCOUNT_PATTERN), PlainText('identifier', 1, MAX_ACCOUNT_LENGTH, { each: true }), ReceivingAccount({ each: true }));

/** Per-gateway lists of the merchant's receiving accounts, each of a kind the matcher can recognise. */
export class ReceivingAccountsDto {
  @AccountList()
  wallet_one?: string[];

  @AccountList()
  wallet_two?: string[];

  @AccountList()
  bank?: string[];
}

import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsDefined, IsIn, IsInt, IsString, IsUUID, Max, MaxLength, Min, ValidateIf, ValidateNested } from 'class-validator';
import { GATEWAYS, Gateway } from '@pvs/contracts';
import { MAX_BODY_LENGTH } from '@pvs/sms-parsers';
import { OptionalNotNull } from '../../http/optional-not-null';
import { PlainText, plainTextPattern } from '../../http/plain-text';
import { MAX_SENDER_LENGTH } from '../ingest-sms/forwarded-sms';

const MAX_MARK_LENGTH = 200;

/** A value as it stands in the SMS; where it starts, when the same text stands there more than once. */
export class MarkRequest {
  @ApiProperty({ pattern: plainTextPattern('name', 1, MAX_MARK_LENGTH), description: 'The value as written in the SMS' })
  @PlainText('name', 1, MAX_MARK_LENGTH)
  text!: string;

  @ApiPropertyOptional({ type: 'integer', minimum: 0, maximum: MAX_BODY_LENGTH, description: 'Where it starts in the body (UTF-16 code units); needed only when the text occurs more than once' })
  @OptionalNotNull()
  @IsInt()
  @Min(0)
  @Max(MAX_BODY_LENGTH)
  at?: number;
}

const OptionalMark = (description: string) =>
  applyDecorators(ApiPropertyOptional({ type: MarkRequest, description }), OptionalNotNull(), ValidateNested(), Type(() => MarkRequest));

/** What the operator marked: the amount always, the reference or null when the wording has none, the rest if present. */
export class TemplateMarksRequest {
  @ApiProperty({ type: MarkRequest })
  @IsDefined({ message: 'marks.amount must be marked' })
  @ValidateNested()
  @Type(() => MarkRequest)
  amount!: MarkRequest;

  @ApiProperty({ type: MarkRequest, nullable: true, description: 'null: this wording names no reference (its payments go to review)' })
  @IsDefined({ message: 'marks.reference must be marked, or null when the SMS has none' })
  @ValidateIf((_marks, value) => value !== null)
  @ValidateNested()
  @Type(() => MarkRequest)
  reference!: MarkRequest | null;

  @OptionalMark("The merchant's account or wallet number the money went to")
  receiving_account?: MarkRequest;

  @OptionalMark('The balance after the credit')
  balance?: MarkRequest;

  @OptionalMark("The payer's name")
  payer?: MarkRequest;

  @OptionalMark('The date of the transaction')
  date?: MarkRequest;

  @OptionalMark('The time of the transaction')
  time?: MarkRequest;
}

/** The example: a stored SMS by its id, or one pasted with its tenant and sender. */
export class LearnTemplateRequest {
  @ApiPropertyOptional({ format: 'uuid', description: 'A stored SMS to learn from, usually a rejected one' })
  @OptionalNotNull()
  @IsUUID()
  sms_id?: string;

  @ApiPropertyOptional({ format: 'uuid', description: 'For a pasted SMS: whose wording it is' })
  @OptionalNotNull()
  @IsUUID()
  tenant_id?: string;

  @ApiPropertyOptional({ pattern: plainTextPattern('identifier', 1, MAX_SENDER_LENGTH), description: 'For a pasted SMS: its sender id' })
  @OptionalNotNull()
  @PlainText('identifier', 1, MAX_SENDER_LENGTH)
  sender?: string;

  @ApiPropertyOptional({ maxLength: MAX_BODY_LENGTH, description: 'For a pasted SMS: its text as received' })
  @OptionalNotNull()
  @IsString()
  @MaxLength(MAX_BODY_LENGTH)
  body?: string;

  @ApiPropertyOptional({ enum: GATEWAYS, description: 'Needed only when the sender is allowed for more than one gateway' })
  @OptionalNotNull()
  @IsIn(GATEWAYS, { message: `gateway must be one of: ${GATEWAYS.join(', ')}` })
  gateway?: Gateway;

  @ApiProperty({ type: TemplateMarksRequest })
  @IsDefined({ message: 'marks must be given' })
  @ValidateNested()
  @Type(() => TemplateMarksRequest)
  marks!: TemplateMarksRequest;

  @ApiPropertyOptional({ pattern: plainTextPattern('note', 0, 1000), description: 'Why: recorded with the template' })
  @OptionalNotNull()
  @PlainText('note', 0, 1000)
  note?: string;
}

import 'reflect-metadata';
import { Type } from 'class-transformer';
import { IsIn, IsInt, IsISO8601, IsObject, IsOptional, IsString, IsUUID, Matches, MaxLength, Min, ValidateNested } from 'class-validator';
import { PAYMENT_DECISIONS, PaymentDecisionType } from '../events/payments/payment-decisions.event';

/** The bus topic of payment decisions: key = payment id, id = the decision event's id. */
export const PAYMENT_DECISIONS_TOPIC = 'payment-decisions';

export class MessageMetadata {
  @IsOptional() @IsString() readonly tenantId?: string;
  @IsString() readonly correlationId!: string;
  @IsOptional() @IsString() readonly causationId?: string;
  /** The W3C trace context of the span that recorded the event (when tracing is on): the consumer continues its trace. */
  @IsOptional() @Matches(/^[\da-f]{2}-[\da-f]{32}-[\da-f]{16}-[\da-f]{2}$/) readonly traceparent?: string;
  @IsOptional() @IsString() @MaxLength(512) readonly tracestate?: string;
}

/** A payment decision as published: consumers fold the payment stream up to `streamVersion` for the rest. */
export class PaymentDecisionMessage {
  @IsIn(PAYMENT_DECISIONS) readonly type!: PaymentDecisionType;
  @IsUUID() readonly paymentId!: string;
  /** The decision's version in the payment stream: the payment as of this decision is the stream up to it. */
  @IsInt() @Min(1) readonly streamVersion!: number;
  @IsObject() readonly data!: object;
  @ValidateNested() @Type(() => MessageMetadata) readonly metadata!: MessageMetadata;
  @IsISO8601({ strict: true }) readonly recordedAt!: string;
}

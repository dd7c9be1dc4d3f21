import 'reflect-metadata';
import { Type } from 'class-transformer';
import { IsIn, IsInt, IsISO8601, IsObject, IsOptional, IsString, IsUUID, Matches, MaxLength, Min, ValidateIf, ValidateNested } from 'class-validator';
import { REVIEW_REASONS, ReviewReason, PAYMENT_DECISIONS, PaymentDecisionType } from '../events/payments/payment-decisions.event';
import { GATEWAYS, Gateway } from '../gateway';
import { Paisa } from '../money';
import { PAYMENT_STATUSES, PaymentStatus } from '../payment-status';

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

/** Present, and either null or what the decorators after it require. */
const NullOr = () => ValidateIf((_: object, value: unknown) => value !== null);

/** The payment as of a decision: every fact its webhooks tell, so a consumer reads no payment stream. */
export class DecidedPayment {
  @IsUUID() readonly tenantId!: string;
  @IsIn(GATEWAYS) readonly gateway!: Gateway;
  /** As the merchant registered it. */
  @IsString() @MaxLength(256) readonly transactionReference!: string;
  @IsInt() @Min(0) readonly amountExpectedPaisa!: Paisa;
  @NullOr() @IsInt() @Min(0) readonly amountDetectedPaisa!: Paisa | null;
  @IsIn(PAYMENT_STATUSES) readonly status!: PaymentStatus;
  @NullOr() @IsISO8601({ strict: true }) readonly verifiedAt!: string | null;
  /** The intent's own webhook address, which wins over the tenant's. */
  @NullOr() @IsString() readonly callbackUrl!: string | null;
  @NullOr() @IsObject() readonly clientMetadata!: Record<string, unknown> | null;
  /** Why it waits for an operator, when this decision flagged it for review. */
  @NullOr() @IsIn(REVIEW_REASONS) readonly reviewReason!: ReviewReason | null;
}

/**
 * A payment decision as published: the decision event (`type`, `data`, its `streamVersion`) and the payment as
 * that decision left it (event-carried state), so the notifier builds and signs its webhook from the message alone.
 */
export class PaymentDecisionMessage {
  @IsIn(PAYMENT_DECISIONS) readonly type!: PaymentDecisionType;
  @IsUUID() readonly paymentId!: string;
  /** The decision's version in the payment stream. */
  @IsInt() @Min(1) readonly streamVersion!: number;
  /** The decision event's data, as recorded. */
  @IsObject() readonly data!: object;
  @IsObject() @ValidateNested() @Type(() => DecidedPayment) readonly payment!: DecidedPayment;
  @IsObject() @ValidateNested() @Type(() => MessageMetadata) readonly metadata!: MessageMetadata;
  @IsISO8601({ strict: true }) readonly recordedAt!: string;
}

import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import { GATEWAYS, Gateway, PAYMENT_STATUSES, PaymentStatus, REVIEW_REASONS, ReviewReason, paisaToPkr } from '@pvs/contracts';
import { Payment } from '@pvs/domain';
import { RecordedEvent } from '@pvs/event-store';
import { ListedPayment, PaymentView } from '@pvs/read-model';
import { EventResponse } from '../events/event-response';
import { ChoiceProperty, DateTimeProperty, PkrProperty, TextProperty, UuidProperty } from '@pvs/contracts/http';
import { paymentView } from './payment-history';

/** A payment as the status endpoint shows it (spec 2.3). */
@ApiSchema({ name: 'PaymentStatus' })
export class PaymentResponse {
  @UuidProperty() readonly uuid!: string;
  @ChoiceProperty(GATEWAYS) readonly gateway!: Gateway;
  @TextProperty() readonly transaction_reference!: string;
  @PkrProperty() readonly amount_expected!: number;
  @PkrProperty({ nullable: true, description: 'the amount in the matched notification; null when none' }) readonly amount_detected!: number | null;
  @ChoiceProperty(PAYMENT_STATUSES) readonly status!: PaymentStatus;
  @DateTimeProperty({ nullable: true }) readonly verified_at!: string | null;

  static of(payment: PaymentView): PaymentResponse {
    return {
      uuid: payment.uuid,
      gateway: payment.gateway,
      transaction_reference: payment.transactionReference,
      amount_expected: paisaToPkr(payment.amountExpectedPaisa),
      amount_detected: payment.amountDetectedPaisa === null ? null : paisaToPkr(payment.amountDetectedPaisa),
      status: payment.status,
      verified_at: payment.verifiedAt?.toISOString() ?? null,
    };
  }
}

/** A payment as operators see it: the status fields, whose it is and when it was registered. */
@ApiSchema({ name: 'OperatorPayment' })
export class OperatorPaymentResponse extends PaymentResponse {
  @UuidProperty() readonly tenant_id!: string;
  @DateTimeProperty() readonly created_at!: string;

  static override of(payment: PaymentView): OperatorPaymentResponse {
    return { ...PaymentResponse.of(payment), tenant_id: payment.tenantId, created_at: payment.createdAt.toISOString() };
  }
}

/** A payment in the operators' list: also why it waits for review, and what its SMS reading departed from. */
@ApiSchema({ name: 'ListedPayment' })
export class ListedPaymentResponse extends OperatorPaymentResponse {
  @ChoiceProperty(REVIEW_REASONS, { nullable: true, description: 'Why it went to manual review (its last flag); null when it never did' }) readonly review_reason!: ReviewReason | null;
  @TextProperty({
    isArray: true,
    description: 'What the SMS it was decided on shows that its institution usually does not send ("JazzCash transaction ids are usually 12 digits; this one is 11 digits")',
  })
  readonly departures!: readonly string[];

  static override of(payment: ListedPayment): ListedPaymentResponse {
    return { ...OperatorPaymentResponse.of(payment), review_reason: payment.reviewReason, departures: payment.departures };
  }
}

/** One payment for an operator, folded from its own stream, with that stream's events. */
@ApiSchema({ name: 'PaymentWithHistory' })
export class PaymentWithHistoryResponse extends OperatorPaymentResponse {
  @DateTimeProperty() readonly expires_at!: string;
  @UuidProperty({ nullable: true, description: 'the SMS that decided it' }) readonly sms_id!: string | null;
  @ApiProperty({ type: [EventResponse] }) readonly events!: readonly EventResponse[];

  static ofHistory(payment: Payment, history: readonly RecordedEvent[]): PaymentWithHistoryResponse {
    return { ...OperatorPaymentResponse.of(paymentView(payment)), expires_at: payment.expiresAt, sms_id: payment.smsId, events: history.map((event) => EventResponse.of(event)) };
  }
}

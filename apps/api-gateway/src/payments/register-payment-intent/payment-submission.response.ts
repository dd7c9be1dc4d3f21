import { ApiSchema } from '@nestjs/swagger';
import { GATEWAYS, Gateway, paisaToPkr } from '@pvs/contracts';
import { PaymentView } from '@pvs/read-model';
import { ChoiceProperty, DateTimeProperty, PkrProperty, TextProperty, UuidProperty } from '@pvs/contracts/http';

/** The submission response knows pending, verified and failed: a payment under review is not decided yet. */
const SUBMISSION_STATUSES = ['pending', 'verified', 'failed'] as const;
type SubmissionStatus = (typeof SUBMISSION_STATUSES)[number];

/** A payment as its registration answers it. */
@ApiSchema({ name: 'PaymentSubmission' })
export class PaymentSubmissionResponse {
  @UuidProperty() readonly uuid!: string;
  @ChoiceProperty(SUBMISSION_STATUSES, { description: 'a payment under manual review is reported as pending here' }) readonly status!: SubmissionStatus;
  @ChoiceProperty(GATEWAYS) readonly gateway!: Gateway;
  @TextProperty() readonly transaction_reference!: string;
  @PkrProperty() readonly amount_expected!: number;
  @DateTimeProperty() readonly created_at!: string;

  static of(payment: PaymentView): PaymentSubmissionResponse {
    return {
      uuid: payment.uuid,
      status: payment.status === 'manual_review' ? 'pending' : payment.status,
      gateway: payment.gateway,
      transaction_reference: payment.transactionReference,
      amount_expected: paisaToPkr(payment.amountExpectedPaisa),
      created_at: payment.createdAt.toISOString(),
    };
  }
}

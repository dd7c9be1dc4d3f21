import { ApiSchema } from '@nestjs/swagger';
import { paisaToPkr } from '@pvs/contracts';
import { ChoiceProperty, PkrProperty, TextProperty, UuidProperty } from '@pvs/contracts/http';
import { INGEST_STATUSES, IngestOutcome, IngestStatus } from './ingest-sms.handler';

/** The ingest response (spec 2.5): no success/data envelope. */
@ApiSchema({ name: 'SmsIngestResult', description: 'No success/data envelope (spec 2.5).' })
export class IngestSmsResponse {
  @ChoiceProperty(INGEST_STATUSES, {
    description: 'unmatched: parsed, no pending intent yet (it is kept and matched when the intent arrives); processing: the decision was not recorded within the wait',
  })
  readonly status!: IngestStatus;
  @UuidProperty({ nullable: true }) readonly transaction_uuid!: string | null;
  @TextProperty({ nullable: true, description: 'the reference the SMS states; null when it states none' }) readonly reference!: string | null;
  @PkrProperty() readonly amount!: number;

  static of(outcome: IngestOutcome): IngestSmsResponse {
    return { status: outcome.status, transaction_uuid: outcome.paymentId, reference: outcome.reference, amount: paisaToPkr(outcome.amountPaisa) };
  }
}

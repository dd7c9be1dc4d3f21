import { paisaToPkr } from '@pvs/contracts';
import { IngestOutcome } from './ingest-sms.handler';

/** The ingest response (spec 2.5): no success/data envelope. */
export function ingestResponse(outcome: IngestOutcome) {
  return { status: outcome.status, transaction_uuid: outcome.paymentId, reference: outcome.reference, amount: paisaToPkr(outcome.amountPaisa) };
}

export type IngestResponse = ReturnType<typeof ingestResponse>;

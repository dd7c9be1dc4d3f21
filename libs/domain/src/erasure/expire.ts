import { PAYER_DATA_EXPIRED, PayerDataExpired, PayerDataExpiredData, PayerSubject, PaymentStatus, isPayerDataExpired } from '@pvs/contracts';
import { Decider, Decision, accept } from '../decider';
import { uuidV5 } from '../ids/uuid-v5';
import { stillNeeded } from './decide';

// Fixed for ever: changing it would record a batch the job had recorded before a crash a second time.
const EXPIRY_ID_NAMESPACE = Buffer.from('c5e1f7a3094b4d2e8f6a1b3c5d7e9f02', 'hex');
const DAY_MS = 86_400_000;

/** A subject whose key is still held and was made before the cutoff, and the payment its data reaches, as it stands. */
export interface ExpiryCandidate {
  readonly subject: PayerSubject;
  /** The payment its data was matched with (its own, for a payment): null when none. */
  readonly payment: PaymentStatus | null;
}

/** One tenant's payer data the retention job found past its time. */
export interface ExpiryRequest {
  readonly tenantId: string;
  readonly retentionDays: number;
  readonly now: Date;
  readonly candidates: readonly ExpiryCandidate[];
}

/** Payer data recorded before this moment is past a retention of `days` at `now`. */
export function retentionCutoff(now: Date, days: number): Date {
  return new Date(now.getTime() - days * DAY_MS);
}

/**
 * The batch to expire: the candidates no payment still needs (data of a pending or in-review payment waits for its
 * decision), under an id derived from the tenant and the subjects, so the same batch found again after a crash has the
 * same stream. Null when nothing may go.
 */
export function expiryBatch({ tenantId, retentionDays, now, candidates }: ExpiryRequest): PayerDataExpiredData | null {
  const subjects = candidates.filter(({ payment }) => payment === null || stillNeeded(payment) === undefined).map(({ subject }) => subject);
  if (subjects.length === 0) return null;
  const sorted = [...subjects].sort();
  return {
    erasureId: uuidV5(EXPIRY_ID_NAMESPACE, `${tenantId}\n${sorted.join('\n')}`),
    tenantId,
    subjects: sorted,
    retentionDays,
    recordedBefore: retentionCutoff(now, retentionDays).toISOString(),
    expiredAt: now.toISOString(),
  };
}

/** A batch is recorded once: the job that finds it again (resumed after a crash) records nothing more. */
export function decideExpiry(batch: PayerDataExpiredData, recorded: PayerDataExpiredData | null): Decision<PayerDataExpired> {
  return recorded ? accept() : accept({ type: PAYER_DATA_EXPIRED, data: batch });
}

export const expiryDecider: Decider<PayerDataExpiredData, PayerDataExpiredData | null, PayerDataExpired> = {
  initialState: null,
  isEvent: isPayerDataExpired,
  evolve: (recorded, event) => recorded ?? event.data,
  decide: decideExpiry,
};

import { PayerSubject } from '../../payer-data';
import { Event, eventGuard } from '../event';

export const ERASURE_CATEGORY = 'erasure';
export const PAYER_DATA_ERASED = 'PayerDataErased';
export const PAYER_DATA_EXPIRED = 'PayerDataExpired';

export function erasureStream(erasureId: string): string {
  return `${ERASURE_CATEGORY}-${erasureId}`;
}

/**
 * What an operator names to erase: a payment or an SMS, by its id (an id is no personal data), or a payer's mobile
 * number — recorded without it: the number is the very data erased.
 */
export type ErasureTarget = { readonly kind: 'payment' | 'sms'; readonly id: string } | { readonly kind: 'mobile' };

/**
 * A payer's data destroyed on request: the keys of `subjects` (the target's — for a number, every subject whose
 * data holds it —, and the payments and SMS they were matched with) are destroyed after this is recorded, so every copy of their payer data reads as erased. The facts stay.
 */
export interface PayerDataErasedData {
  readonly erasureId: string;
  readonly tenantId: string;
  readonly target: ErasureTarget;
  readonly subjects: readonly string[];
  readonly reason: string;
  readonly erasedBy: string;
  readonly erasedAt: string;
}

/**
 * Payer data past its tenant's retention: the keys of `subjects` (recorded before `recordedBefore`, no payment they
 * reach still pending or in review) are destroyed after this is recorded. One per batch of the retention job; the same
 * batch has the same id, so a job resumed after a crash records it once.
 */
export interface PayerDataExpiredData {
  readonly erasureId: string;
  readonly tenantId: string;
  readonly subjects: readonly PayerSubject[];
  readonly retentionDays: number;
  readonly recordedBefore: string;
  readonly expiredAt: string;
}

export type PayerDataErased = Event<typeof PAYER_DATA_ERASED, PayerDataErasedData>;
export type PayerDataExpired = Event<typeof PAYER_DATA_EXPIRED, PayerDataExpiredData>;
/** Every event of an erasure stream. */
export type ErasureEvent = PayerDataErased | PayerDataExpired;
export const isPayerDataErased = eventGuard<PayerDataErased>({ [PAYER_DATA_ERASED]: true });
export const isPayerDataExpired = eventGuard<PayerDataExpired>({ [PAYER_DATA_EXPIRED]: true });

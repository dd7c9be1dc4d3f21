import { ErasureTarget, PAYER_DATA_ERASED, PayerDataErased, PayerDataErasedData, PayerSubject, PaymentStatus, isPayerDataErased } from '@pvs/contracts';
import { Decider, Decision, accept, refuse } from '../decider';
import { Principal } from '../operator';

/** An operator's request to erase a payer's data, with what it reaches as it stands now. */
export interface ErasureRequest {
  readonly erasureId: string;
  readonly tenantId: string;
  readonly target: ErasureTarget;
  /** The payments it reaches (the target, or what it was matched with), as they stand. */
  readonly payments: readonly { readonly paymentId: string; readonly status: PaymentStatus }[];
  /** The subjects whose payer data it reaches: the target's, and its payment's or SMS's. */
  readonly subjects: readonly PayerSubject[];
  readonly reason: string;
  readonly by: Principal;
  readonly now: Date;
}

/**
 * Why a payment's payer data is still needed: while it is pending or in review, the SMS and what the payer said are
 * the evidence a decision (the matcher's or an operator's) is taken on. Decided, it can go.
 */
const STILL_NEEDED: Partial<Record<PaymentStatus, string>> = {
  pending: 'is still pending: its evidence may yet decide it. Erase it once it is verified, failed or expired',
  manual_review: 'is in manual review: its evidence is what the review decides on. Erase it once it is approved or rejected',
};

/** Why a payment in this state still needs its payer data, or undefined once it is decided. */
export function stillNeeded(status: PaymentStatus): string | undefined {
  return STILL_NEEDED[status];
}

/** An erasure is recorded once, when nothing it reaches is still needed to decide a payment. */
export function decideErasure(request: ErasureRequest, recorded: PayerDataErasedData | null): Decision<PayerDataErased> {
  if (recorded) return accept();
  for (const { paymentId, status } of request.payments) {
    const needed = stillNeeded(status);
    if (needed) return refuse('conflict', `Payment ${paymentId} ${needed}`);
  }
  const { erasureId, tenantId, target, subjects, reason, by, now } = request;
  return accept({ type: PAYER_DATA_ERASED, data: { erasureId, tenantId, target, subjects, reason, erasedBy: by.name, erasedAt: now.toISOString() } });
}

export const erasureDecider: Decider<ErasureRequest, PayerDataErasedData | null, PayerDataErased> = {
  initialState: null,
  isEvent: isPayerDataErased,
  evolve: (recorded, event) => recorded ?? event.data,
  decide: decideErasure,
};

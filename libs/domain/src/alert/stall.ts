import { PAYMENT_STALLED, PaymentStalled, PaymentStalledData, StallEvidence, StallReason, isPaymentStalled } from '@pvs/contracts';
import { Decider, Decision, accept } from '../decider';

const MINUTE_MS = 60_000;

/** When a payment counts as stalled: past its tenant's usual time to verify, learnt from enough history, else a default. */
export interface StallLimits {
  /** For a tenant and gateway with too little history. */
  readonly defaultMs: number;
  /** Never sooner than this, however fast a tenant's payments usually verify. */
  readonly floorMs: number;
}

export const DEFAULT_STALL_LIMITS: StallLimits = { defaultMs: 30 * MINUTE_MS, floorMs: 10 * MINUTE_MS };

/** Verified payments a tenant and gateway need before their own times count. */
export const STALL_HISTORY_NEEDED = 20;

/**
 * How long the tenant's payments of a gateway usually take from intent to verification: the 95th percentile of
 * `durationsMs` (their recent history); the default below `STALL_HISTORY_NEEDED` of them.
 */
export function usualVerifyMs(durationsMs: readonly number[], limits: StallLimits = DEFAULT_STALL_LIMITS): number {
  if (durationsMs.length < STALL_HISTORY_NEEDED) return Math.max(limits.floorMs, limits.defaultMs);
  const sorted = [...durationsMs].sort((a, b) => a - b);
  const quantile = sorted[Math.ceil(0.95 * sorted.length) - 1] ?? limits.defaultMs;
  return Math.max(limits.floorMs, quantile);
}

/** Stalled: pending for twice the usual time (a payment that usually takes ten minutes is stalled after twenty). */
export function isStalled(pendingMs: number, usualMs: number): boolean {
  return pendingMs > 2 * usualMs;
}

/** The likeliest reason, the most specific first: an SMS seen and not read, money the balances say arrived unseen, a silent phone. */
export function likelyStallReason(evidence: StallEvidence): StallReason {
  if (evidence.rejectedSms) return 'sms_rejected';
  if (evidence.gapIds.length > 0) return 'gap_suspected';
  if (evidence.silentForwarderIds.length > 0) return 'forwarder_silent';
  return 'none_known';
}

/** A payment stalls once: its stall stream records it, and the watch's next look changes nothing. */
export function markStalled(stall: PaymentStalledData, stalled: PaymentStalledData | null): Decision<PaymentStalled> {
  return stalled ? accept() : accept({ type: PAYMENT_STALLED, data: stall });
}

export const stallDecider: Decider<PaymentStalledData, PaymentStalledData | null, PaymentStalled> = {
  initialState: null,
  isEvent: isPaymentStalled,
  evolve: (stalled, event) => stalled ?? event.data,
  decide: markStalled,
};

import { randomInt, randomUUID } from 'node:crypto';
import {
  GATEWAYS,
  PAYMENT_APPROVED,
  PAYMENT_EXPIRED,
  PAYMENT_FLAGGED_FOR_REVIEW,
  PAYMENT_INTENT_REGISTERED,
  PAYMENT_REJECTED,
  PAYMENT_VERIFIED,
  PaymentIntentRegisteredData,
  paymentStream,
} from '@pvs/contracts';
import { EventStore, NO_STREAM } from '@pvs/event-store';

/** How a generated payment ends: each one goes through the events a real one would. */
export type PaymentOutcome = 'pending' | 'verified' | 'flagged' | 'approved' | 'rejected' | 'expired';
const OUTCOMES: readonly PaymentOutcome[] = ['pending', 'verified', 'verified', 'verified', 'flagged', 'approved', 'rejected', 'expired'];

/**
 * Appends one payment's events as the gateway and the matcher would record them: the intent,
 * then its decisions. Returns the payment id.
 */
export async function appendPayment(
  events: EventStore,
  tenantId: string,
  outcome: PaymentOutcome,
  { registeredAt = new Date(), secondsToDecide = randomInt(5, 3_600), amountPaisa = randomInt(100, 50_000_000) } = {},
): Promise<string> {
  const paymentId = randomUUID();
  const at = (seconds: number) => new Date(registeredAt.getTime() + seconds * 1000).toISOString();
  const intent: PaymentIntentRegisteredData = {
    paymentId,
    tenantId,
    gateway: GATEWAYS[randomInt(GATEWAYS.length)],
    transactionReference: `TID ${paymentId.slice(0, 12)}`,
    normalizedReference: paymentId.slice(0, 12).toUpperCase(),
    amountPaisa,
    senderSource: '03001234567',
    callbackUrl: null,
    clientMetadata: { order: paymentId.slice(0, 8) },
    registeredAt: at(0),
    expiresAt: at(86_400),
  };
  const metadata = { tenantId, correlationId: 'test' };
  const smsId = randomUUID();
  const flagged = { type: PAYMENT_FLAGGED_FOR_REVIEW, data: { paymentId, smsId, amountDetectedPaisa: amountPaisa - 100, reason: 'amount_mismatch', balanceCheck: 'unknown', flaggedAt: at(secondsToDecide / 2) } };
  const review = (type: string) => ({ type, data: { paymentId, operator: 'ayesha', note: '', decidedAt: at(secondsToDecide) } });
  const decisions = {
    pending: [],
    verified: [{ type: PAYMENT_VERIFIED, data: { paymentId, smsId, amountDetectedPaisa: amountPaisa, verifiedAt: at(secondsToDecide), balanceCheck: 'unknown' } }],
    flagged: [flagged],
    approved: [flagged, review(PAYMENT_APPROVED)],
    rejected: [flagged, review(PAYMENT_REJECTED)],
    expired: [{ type: PAYMENT_EXPIRED, data: { paymentId, expiredAt: at(86_400) } }],
  }[outcome];
  const stream = paymentStream(paymentId);
  await events.append(stream, [{ type: PAYMENT_INTENT_REGISTERED, data: intent, metadata }], NO_STREAM);
  // One decision per append, as the matcher and the operators record them.
  for (const [index, decision] of decisions.entries()) await events.append(stream, [{ ...decision, metadata }], index + 1);
  return paymentId;
}

/** `count` payments with a mix of outcomes, spread over `tenantIds` and the last few days. */
export async function appendPayments(events: EventStore, tenantIds: readonly string[], count: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const registeredAt = new Date(Date.now() - randomInt(0, 3 * 86_400_000));
    ids.push(await appendPayment(events, tenantIds[i % tenantIds.length], OUTCOMES[i % OUTCOMES.length], { registeredAt }));
  }
  return ids;
}

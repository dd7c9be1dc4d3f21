import { PAYMENT_FLAGGED_FOR_REVIEW, PAYMENT_INTENT_REGISTERED, PAYMENT_VERIFIED, PaymentDecisionEvent, PaymentEvent } from '@pvs/contracts';
import { RecordedEvent } from '@pvs/event-store';
import { decidedPayment } from './decided-payment';

const paymentId = '0f8e7d6c-5b4a-4392-8170-6f5e4d3c2b1a';
const tenantId = '5b1f8a3e-4a7c-4a64-9f1e-0c2d3b4a5e6f';

function recorded<E extends PaymentEvent>(event: E, streamVersion: number): RecordedEvent<E> {
  const record = { id: `event-${streamVersion}`, streamName: `payment-${paymentId}`, streamVersion, position: 0, checkpoint: `${streamVersion}:0`, recordedAt: new Date('2026-11-28T08:00:00Z'), metadata: { tenantId, correlationId: 'c' } };
  return { ...event, ...record };
}

const intent = recorded(
  {
    type: PAYMENT_INTENT_REGISTERED,
    data: {
      paymentId, tenantId, gateway: 'wallet_one', transactionReference: 'tx-71234567890', normalizedReference: '71234567890', amountPaisa: 250_000, senderSource: null,
      callbackUrl: 'https://shop.example/hooks/17', clientMetadata: { order: 'A-17' }, registeredAt: '2026-11-28T07:59:00.000Z', expiresAt: '2026-11-29T07:59:00.000Z',
    },
  },
  1,
);
const flagged = recorded<PaymentDecisionEvent>(
  { type: PAYMENT_FLAGGED_FOR_REVIEW, data: { paymentId, smsId: 'sms-1', amountDetectedPaisa: 240_000, reason: 'amount_mismatch', balanceCheck: 'unknown', flaggedAt: '2026-11-28T08:00:00.000Z' } },
  2,
);
const verified = recorded<PaymentDecisionEvent>(
  { type: PAYMENT_VERIFIED, data: { paymentId, smsId: 'sms-2', amountDetectedPaisa: 250_000, verifiedAt: '2026-11-28T08:05:00.000Z', balanceCheck: 'consistent' } },
  3,
);

describe('decidedPayment', () => {
  it('is the payment as the decision left it, with the intent’s webhook address and metadata, and why it waits when it was flagged', () => {
    expect(decidedPayment([intent, flagged, verified], flagged)).toEqual({
      tenantId,
      gateway: 'wallet_one',
      transactionReference: 'tx-71234567890',
      amountExpectedPaisa: 250_000,
      amountDetectedPaisa: 240_000,
      status: 'manual_review',
      verifiedAt: null,
      callbackUrl: 'https://shop.example/hooks/17',
      clientMetadata: { order: 'A-17' },
      reviewReason: 'amount_mismatch',
    });
  });

  it('ignores what came after the decision, and names no review reason for a decision that is not a flag', () => {
    expect(decidedPayment([intent, flagged, verified], verified)).toMatchObject({ status: 'verified', amountDetectedPaisa: 250_000, verifiedAt: '2026-11-28T08:05:00.000Z', reviewReason: null });
  });

  it('refuses a decision on a payment with no intent', () => {
    expect(() => decidedPayment([flagged], flagged)).toThrow(/which has no intent/);
  });
});

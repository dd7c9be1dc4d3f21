import {
  PAYMENT_APPROVED,
  PAYMENT_EXPIRED,
  PAYMENT_FLAGGED_FOR_REVIEW,
  PAYMENT_INTENT_REGISTERED,
  PAYMENT_REJECTED,
  PAYMENT_VERIFIED,
  PaymentDecisionEvent,
  PaymentEvent,
} from '@pvs/contracts';
import { fold } from '../decider';
import { PAYMENT_ID, TENANT_ID, anIntent, paymentFlaggedForReview, paymentVerified } from '../testing/fixtures';
import { paymentDecider } from './decide';
import { Payment, paymentDecision, registeredPayment } from './evolve';

/** An intent with every optional field given. */
const intent = () =>
  anIntent({
    transactionReference: 'tid-0123 456',
    senderSource: '8558',
    callbackUrl: 'https://merchant.example/callback',
    clientMetadata: { orderId: 'A-17' },
  });

const registered: PaymentEvent = { type: PAYMENT_INTENT_REGISTERED, data: intent() };
const verified = paymentVerified({ smsId: 'sms-verified', balanceCheck: 'consistent' });
const flagged = paymentFlaggedForReview({ smsId: 'sms-flagged', flaggedAt: '2026-11-26T10:40:00.000Z' });
const review = { paymentId: PAYMENT_ID, operator: 'Ayesha', operatorId: 'op-1', note: 'checked the statement', decidedAt: '2026-11-26T11:15:00.000Z' };
const approved: PaymentDecisionEvent = { type: PAYMENT_APPROVED, data: review };
const rejected: PaymentDecisionEvent = { type: PAYMENT_REJECTED, data: review };
const expired: PaymentDecisionEvent = { type: PAYMENT_EXPIRED, data: { paymentId: PAYMENT_ID, expiredAt: '2026-11-26T12:00:05.000Z' } };

const pending: Payment = {
  uuid: PAYMENT_ID,
  tenantId: TENANT_ID,
  gateway: 'wallet_one',
  transactionReference: 'tid-0123 456',
  normalizedReference: 'TID0123456',
  amountExpectedPaisa: 150050,
  amountDetectedPaisa: null,
  status: 'pending',
  verifiedAt: null,
  createdAt: '2026-11-26T10:00:00.000Z',
  expiresAt: '2026-11-26T12:00:00.000Z',
  smsId: null,
  intent: intent(),
};

describe('registeredPayment', () => {
  it('is a pending payment with every field from the intent, nothing detected yet', () => {
    expect(registeredPayment(intent())).toStrictEqual(pending);
  });

  it('keeps the intent it was registered from', () => {
    const data = intent();
    expect(registeredPayment(data).intent).toBe(data);
  });
});

describe('evolvePayment', () => {
  it.each([
    ['no events', [], null],
    ['a decision before any intent', [verified], null],
    ['a review before any intent', [approved], null],
    ['an intent', [registered], pending],
    ['a verification', [registered, verified], { ...pending, status: 'verified', amountDetectedPaisa: 150050, verifiedAt: '2026-11-26T10:30:00.000Z', smsId: 'sms-verified' }],
    ['a flag for review', [registered, flagged], { ...pending, status: 'manual_review', amountDetectedPaisa: 150000, smsId: 'sms-flagged' }],
    [
      'an approval after a flag',
      [registered, flagged, approved],
      { ...pending, status: 'verified', amountDetectedPaisa: 150000, verifiedAt: '2026-11-26T11:15:00.000Z', smsId: 'sms-flagged' },
    ],
    ['a rejection after a flag', [registered, flagged, rejected], { ...pending, status: 'failed', amountDetectedPaisa: 150000, smsId: 'sms-flagged' }],
    ['an expiry', [registered, expired], { ...pending, status: 'failed', expiresAt: '2026-11-26T12:00:05.000Z' }],
  ] as const)('given %s, folds to the payment', (_, events, expected) => {
    expect(fold(paymentDecider, events)).toStrictEqual(expected);
  });
});

describe('paymentDecision', () => {
  it.each([
    [PAYMENT_VERIFIED, verified, { status: 'verified', amountDetectedPaisa: 150050, verifiedAt: '2026-11-26T10:30:00.000Z' }],
    [PAYMENT_FLAGGED_FOR_REVIEW, flagged, { status: 'manual_review', amountDetectedPaisa: 150000 }],
    [PAYMENT_APPROVED, approved, { status: 'verified', verifiedAt: '2026-11-26T11:15:00.000Z' }],
    [PAYMENT_REJECTED, rejected, { status: 'failed' }],
    [PAYMENT_EXPIRED, expired, { status: 'failed' }],
  ] as const)('%s sets exactly the status and the fields it states', (_, event, expected) => {
    expect(paymentDecision(event)).toStrictEqual(expected);
  });
});

import {
  PAYMENT_APPROVED,
  PAYMENT_EXPIRED,
  PAYMENT_FLAGGED_FOR_REVIEW,
  PAYMENT_INTENT_REGISTERED,
  PAYMENT_REJECTED,
  PAYMENT_VERIFIED,
  PaymentEvent,
  isPaymentEvent,
} from '@pvs/contracts';
import { DeciderSpecification } from '../testing/decider-specification';
import { EXPIRES_AT, PAYMENT_ID, anIntent, paymentFlaggedForReview, paymentVerified } from '../testing/fixtures';
import { PaymentCommand, decidePayment, paymentDecider } from './decide';
import { evolvePayment, registeredPayment } from './evolve';
import { Evidence, decideMatch } from './match-rules';

const NOW = new Date('2026-11-26T11:00:00.000Z');
const AFTER_EXPIRY = new Date('2026-11-26T12:30:00.000Z');

const evidence = (overrides: Partial<Evidence> = {}): Evidence => ({
  smsId: 'sms-1',
  amountPaisa: 150050,
  recordedAt: '2026-11-26T10:59:00.000Z',
  balanceCheck: 'consistent',
  doubt: null,
  ...overrides,
});

const reviewer = { id: 'op-7', name: 'Ayesha' };

const registered: PaymentEvent = { type: PAYMENT_INTENT_REGISTERED, data: anIntent() };
const verified = paymentVerified();
const flagged = paymentFlaggedForReview();
const rejected: PaymentEvent = {
  type: PAYMENT_REJECTED,
  data: { paymentId: PAYMENT_ID, operator: 'Bilal', operatorId: 'op-2', note: 'no such credit', decidedAt: '2026-11-26T10:45:00.000Z' },
};

const NO_PAYMENT: readonly PaymentEvent[] = [];
const PENDING = [registered];
const VERIFIED = [registered, verified];
const IN_REVIEW = [registered, flagged];
const FAILED = [registered, flagged, rejected];
const DECIDED = [
  ['verified', VERIFIED],
  ['manual_review', IN_REVIEW],
  ['failed', FAILED],
] as const;

const given = DeciderSpecification.for(paymentDecider);

describe('decidePayment', () => {
  describe('RegisterIntent', () => {
    it.each([
      ['no payment', NO_PAYMENT, anIntent(), [{ type: PAYMENT_INTENT_REGISTERED, data: anIntent() }]],
      ['a pending payment, the same amount', PENDING, anIntent(), []],
      ['a decided payment, the same amount', VERIFIED, anIntent({ registeredAt: '2026-11-26T11:00:00.000Z' }), []],
    ] as const)('given %s, records', (_, history, intent, expected) => {
      given(history).when({ type: 'RegisterIntent', intent }).then(expected);
    });

    it.each([
      [
        'a pending payment, another amount',
        PENDING,
        anIntent({ amountPaisa: 150000 }),
        'transaction_reference is already registered for wallet_one with amount 1500.5; a reference can be registered only once',
      ],
      [
        'a bank payment, another amount',
        [{ type: PAYMENT_INTENT_REGISTERED, data: anIntent({ gateway: 'bank', amountPaisa: 99 }) }],
        anIntent({ gateway: 'bank', amountPaisa: 100 }),
        'transaction_reference is already registered for bank with amount 0.99; a reference can be registered only once',
      ],
    ] as const)('given %s, is refused as unprocessable', (_, history, intent, message) => {
      given(history).when({ type: 'RegisterIntent', intent }).thenRefuses({ kind: 'unprocessable', message });
    });
  });

  describe('any other command on no payment', () => {
    it.each([
      ['DecideOnSms', { type: 'DecideOnSms', evidence: evidence(), balanceMode: 'record', now: NOW }],
      ['FlagUnreferencedCredit', { type: 'FlagUnreferencedCredit', smsId: 'sms-1', amountPaisa: 150050, balanceCheck: 'unknown', now: NOW }],
      ['Expire', { type: 'Expire', now: AFTER_EXPIRY }],
      ['Review', { type: 'Review', verdict: 'approve', reviewer, note: 'ok', now: NOW }],
    ] as const)('%s is refused as not found', (_, command) => {
      given(NO_PAYMENT).when(command).thenRefuses({ kind: 'not_found', message: 'Transaction not found' });
    });
  });

  describe('DecideOnSms', () => {
    const payment = registeredPayment(anIntent());

    it.each([
      [
        'the exact amount',
        evidence(),
        'record',
        {
          type: PAYMENT_VERIFIED,
          data: { paymentId: PAYMENT_ID, smsId: 'sms-1', amountDetectedPaisa: 150050, verifiedAt: NOW.toISOString(), balanceCheck: 'consistent' },
        },
      ],
      [
        'another amount',
        evidence({ amountPaisa: 150000, balanceCheck: 'unknown' }),
        'record',
        {
          type: PAYMENT_FLAGGED_FOR_REVIEW,
          data: {
            paymentId: PAYMENT_ID,
            smsId: 'sms-1',
            amountDetectedPaisa: 150000,
            reason: 'amount_mismatch',
            balanceCheck: 'unknown',
            flaggedAt: NOW.toISOString(),
          },
        },
      ],
      [
        'a broken balance chain the tenant reviews',
        evidence({ balanceCheck: 'inconsistent' }),
        'review',
        {
          type: PAYMENT_FLAGGED_FOR_REVIEW,
          data: {
            paymentId: PAYMENT_ID,
            smsId: 'sms-1',
            amountDetectedPaisa: 150050,
            reason: 'balance_inconsistent',
            balanceCheck: 'inconsistent',
            flaggedAt: NOW.toISOString(),
          },
        },
      ],
      ['an SMS recorded after expiry', evidence({ recordedAt: '2026-11-26T12:00:01.000Z' }), 'record', { type: PAYMENT_EXPIRED, data: { paymentId: PAYMENT_ID, expiredAt: EXPIRES_AT } }],
    ] as const)('given a pending payment, when %s arrives, records what decideMatch decides', (_, smsEvidence, balanceMode, expected) => {
      const decideOnSms = given(PENDING).when({ type: 'DecideOnSms', evidence: smsEvidence, balanceMode, now: NOW });
      decideOnSms.then([expected]);
      decideOnSms.then([decideMatch(payment, smsEvidence, balanceMode, NOW)]);
    });

    it.each(DECIDED)('given a payment %s, records nothing', (_, history) => {
      given(history).when({ type: 'DecideOnSms', evidence: evidence(), balanceMode: 'record', now: NOW }).thenNothingHappened();
    });
  });

  describe('FlagUnreferencedCredit', () => {
    const flag = (now: Date): PaymentCommand => ({ type: 'FlagUnreferencedCredit', smsId: 'sms-9', amountPaisa: 70000, balanceCheck: 'inconsistent', now });

    it('given a pending payment, flags it for review', () => {
      given(PENDING)
        .when(flag(NOW))
        .then([
          {
            type: PAYMENT_FLAGGED_FOR_REVIEW,
            data: {
              paymentId: PAYMENT_ID,
              smsId: 'sms-9',
              amountDetectedPaisa: 70000,
              reason: 'no_reference_amount_match',
              balanceCheck: 'inconsistent',
              flaggedAt: '2026-11-26T11:00:00.000Z',
            },
          },
        ]);
    });

    it.each(DECIDED)('given a payment %s, records nothing', (_, history) => {
      given(history).when(flag(NOW)).thenNothingHappened();
    });
  });

  describe('Expire', () => {
    const expiredEvent = { type: PAYMENT_EXPIRED, data: { paymentId: PAYMENT_ID, expiredAt: EXPIRES_AT } } as const;

    it.each([
      ['after the expiry', AFTER_EXPIRY, [expiredEvent]],
      ['exactly at the expiry', new Date(EXPIRES_AT), [expiredEvent]],
      ['1 ms before the expiry', new Date('2026-11-26T11:59:59.999Z'), []],
    ] as const)('given a pending payment, %s, decides', (_, now, expected) => {
      given(PENDING).when({ type: 'Expire', now }).then(expected);
    });

    it.each(DECIDED)('given a payment %s, after the expiry, records nothing', (_, history) => {
      given(history).when({ type: 'Expire', now: AFTER_EXPIRY }).thenNothingHappened();
    });
  });

  describe('Review', () => {
    const review = (verdict: 'approve' | 'reject'): PaymentCommand => ({ type: 'Review', verdict, reviewer, note: 'matched the bank statement', now: NOW });
    const data = { paymentId: PAYMENT_ID, operator: 'Ayesha', operatorId: 'op-7', note: 'matched the bank statement', decidedAt: '2026-11-26T11:00:00.000Z' };

    it.each([
      ['approve', { type: PAYMENT_APPROVED, data }],
      ['reject', { type: PAYMENT_REJECTED, data }],
    ] as const)('given a payment in manual_review, %s decides', (verdict, expected) => {
      given(IN_REVIEW).when(review(verdict)).then([expected]);
    });

    it.each([
      ['pending', PENDING],
      ['verified', VERIFIED],
      ['failed', FAILED],
    ] as const)('given a payment %s, is refused as a conflict', (status, history) => {
      for (const verdict of ['approve', 'reject'] as const) {
        given(history).when(review(verdict)).thenRefuses({ kind: 'conflict', message: `Only a payment in manual_review can be reviewed; this one is ${status}` });
      }
    });
  });
});

describe('paymentDecider', () => {
  it('starts from no payment and folds, guards and decides payment events', () => {
    expect(paymentDecider).toStrictEqual({ initialState: null, isEvent: isPaymentEvent, evolve: evolvePayment, decide: decidePayment });
  });
});

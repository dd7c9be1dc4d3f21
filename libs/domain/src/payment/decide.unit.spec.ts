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
import { fold } from '../decider';
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

const decide = (command: PaymentCommand, given: readonly PaymentEvent[]) => decidePayment(command, fold(paymentDecider, given));
const accepted = (...events: PaymentEvent[]) => ({ ok: true, events });

describe('decidePayment', () => {
  describe('RegisterIntent', () => {
    it.each([
      ['no payment', NO_PAYMENT, anIntent(), accepted({ type: PAYMENT_INTENT_REGISTERED, data: anIntent() })],
      ['a pending payment, the same amount', PENDING, anIntent(), accepted()],
      ['a decided payment, the same amount', VERIFIED, anIntent({ registeredAt: '2026-11-26T11:00:00.000Z' }), accepted()],
      [
        'a pending payment, another amount',
        PENDING,
        anIntent({ amountPaisa: 150000 }),
        {
          ok: false,
          refusal: {
            kind: 'unprocessable',
            message: 'transaction_reference is already registered for wallet_one with amount 1500.5; a reference can be registered only once',
          },
        },
      ],
      [
        'a bank payment, another amount',
        [{ type: PAYMENT_INTENT_REGISTERED, data: anIntent({ gateway: 'bank', amountPaisa: 99 }) }],
        anIntent({ gateway: 'bank', amountPaisa: 100 }),
        {
          ok: false,
          refusal: { kind: 'unprocessable', message: 'transaction_reference is already registered for bank with amount 0.99; a reference can be registered only once' },
        },
      ],
    ] as const)('given %s, decides', (_, given, data, expected) => {
      expect(decide({ type: 'RegisterIntent', intent: data }, given)).toStrictEqual(expected);
    });
  });

  describe('any other command on no payment', () => {
    it.each([
      ['DecideOnSms', { type: 'DecideOnSms', evidence: evidence(), balanceMode: 'record', now: NOW }],
      ['FlagUnreferencedCredit', { type: 'FlagUnreferencedCredit', smsId: 'sms-1', amountPaisa: 150050, balanceCheck: 'unknown', now: NOW }],
      ['Expire', { type: 'Expire', now: AFTER_EXPIRY }],
      ['Review', { type: 'Review', verdict: 'approve', reviewer, note: 'ok', now: NOW }],
    ] as const)('%s is refused as not found', (_, command) => {
      expect(decide(command, NO_PAYMENT)).toStrictEqual({ ok: false, refusal: { kind: 'not_found', message: 'Transaction not found' } });
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
      const decision = decide({ type: 'DecideOnSms', evidence: smsEvidence, balanceMode, now: NOW }, PENDING);
      expect(decision).toStrictEqual(accepted(expected));
      expect(decision).toStrictEqual(accepted(decideMatch(payment, smsEvidence, balanceMode, NOW)));
    });

    it.each(DECIDED)('given a payment %s, records nothing', (_, given) => {
      expect(decide({ type: 'DecideOnSms', evidence: evidence(), balanceMode: 'record', now: NOW }, given)).toStrictEqual(accepted());
    });
  });

  describe('FlagUnreferencedCredit', () => {
    const flag = (now: Date): PaymentCommand => ({ type: 'FlagUnreferencedCredit', smsId: 'sms-9', amountPaisa: 70000, balanceCheck: 'inconsistent', now });

    it('given a pending payment, flags it for review', () => {
      expect(decide(flag(NOW), PENDING)).toStrictEqual(
        accepted({
          type: PAYMENT_FLAGGED_FOR_REVIEW,
          data: {
            paymentId: PAYMENT_ID,
            smsId: 'sms-9',
            amountDetectedPaisa: 70000,
            reason: 'no_reference_amount_match',
            balanceCheck: 'inconsistent',
            flaggedAt: '2026-11-26T11:00:00.000Z',
          },
        }),
      );
    });

    it.each(DECIDED)('given a payment %s, records nothing', (_, given) => {
      expect(decide(flag(NOW), given)).toStrictEqual(accepted());
    });
  });

  describe('Expire', () => {
    const expiredEvent = { type: PAYMENT_EXPIRED, data: { paymentId: PAYMENT_ID, expiredAt: EXPIRES_AT } } as const;

    it.each([
      ['after the expiry', AFTER_EXPIRY, accepted(expiredEvent)],
      ['exactly at the expiry', new Date(EXPIRES_AT), accepted(expiredEvent)],
      ['1 ms before the expiry', new Date('2026-11-26T11:59:59.999Z'), accepted()],
    ] as const)('given a pending payment, %s, decides', (_, now, expected) => {
      expect(decide({ type: 'Expire', now }, PENDING)).toStrictEqual(expected);
    });

    it.each(DECIDED)('given a payment %s, after the expiry, records nothing', (_, given) => {
      expect(decide({ type: 'Expire', now: AFTER_EXPIRY }, given)).toStrictEqual(accepted());
    });
  });

  describe('Review', () => {
    const review = (verdict: 'approve' | 'reject'): PaymentCommand => ({ type: 'Review', verdict, reviewer, note: 'matched the bank statement', now: NOW });
    const data = { paymentId: PAYMENT_ID, operator: 'Ayesha', operatorId: 'op-7', note: 'matched the bank statement', decidedAt: '2026-11-26T11:00:00.000Z' };

    it.each([
      ['approve', accepted({ type: PAYMENT_APPROVED, data })],
      ['reject', accepted({ type: PAYMENT_REJECTED, data })],
    ] as const)('given a payment in manual_review, %s decides', (verdict, expected) => {
      expect(decide(review(verdict), IN_REVIEW)).toStrictEqual(expected);
    });

    it.each([
      ['pending', PENDING],
      ['verified', VERIFIED],
      ['failed', FAILED],
    ] as const)('given a payment %s, is refused as a conflict', (status, given) => {
      for (const verdict of ['approve', 'reject'] as const) {
        expect(decide(review(verdict), given)).toStrictEqual({
          ok: false,
          refusal: { kind: 'conflict', message: `Only a payment in manual_review can be reviewed; this one is ${status}` },
        });
      }
    });
  });
});

describe('paymentDecider', () => {
  it('starts from no payment and folds, guards and decides payment events', () => {
    expect(paymentDecider).toStrictEqual({ initialState: null, isEvent: isPaymentEvent, evolve: evolvePayment, decide: decidePayment });
  });
});

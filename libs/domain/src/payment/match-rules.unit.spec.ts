import { BalanceCheck, PAYMENT_EXPIRED, PAYMENT_FLAGGED_FOR_REVIEW, PAYMENT_VERIFIED, ReviewReason, SmsParsedData } from '@pvs/contracts';
import { anIntent } from '../testing/fixtures';
import { registeredPayment } from './evolve';
import { decideMatch, Evidence, readingDoubt } from './match-rules';

const parsed = (overrides: Partial<SmsParsedData>): SmsParsedData => ({
  smsId: 'sms-1',
  tenantId: 'tenant-1',
  gateway: 'bank',
  tier: 'extracted',
  templateId: null,
  institution: 'National Bank of Pakistan',
  target: 'holder',
  reference: '716204418853',
  normalizedReference: '716204418853',
  amountPaisa: 150000,
  payer: null,
  receivingAccount: null,
  balancePaisa: null,
  occurredAt: null,
  reparsed: false,
  ...overrides,
});

const ELEVEN_DIGITS = { field: 'reference', institution: 'JazzCash', usual: '12 digits', found: '11 digits' } as const;

describe('readingDoubt', () => {
  const TEMPLATE = { tier: 'template', templateId: 'bank.hbl.credited' } as const;
  const NO_REFERENCE = { reference: null, normalizedReference: null } as const;
  const CONFIGURED = ['0001-2233-4410'];
  const SEVERAL = ['0300-1234567', '0001-2233-4410'];
  // [case, reading, configured accounts, doubt under standard, doubt under strict]
  it.each([
    ['a template reading', { ...TEMPLATE, target: 'unstated' }, undefined, null, null],
    ['a reading recorded before readings had tiers', { ...TEMPLATE, tier: undefined, target: undefined }, undefined, null, null],
    ['a template reading without a reference', { ...TEMPLATE, ...NO_REFERENCE }, undefined, null, null],
    ['a template reading naming no account, accounts configured', { ...TEMPLATE, target: 'unstated' }, CONFIGURED, null, 'unconfirmed_reading'],
    ['a template reading naming no account, an empty list configured', { ...TEMPLATE, target: 'unstated' }, [], null, null],
    ['a template reading to another account', { ...TEMPLATE, target: 'account', receivingAccount: '...9999' }, CONFIGURED, 'foreign_account', 'foreign_account'],
    ['a template reading to a configured account', { ...TEMPLATE, target: 'account', receivingAccount: '...4410' }, CONFIGURED, null, null],
    ['an extracted reading addressed to the holder', {}, undefined, null, null],
    ['an extracted reading without a reference', NO_REFERENCE, undefined, 'unconfirmed_reading', 'unconfirmed_reading'],
    ['an extracted reading to the holder, without a reference', { target: 'holder', ...NO_REFERENCE }, CONFIGURED, 'unconfirmed_reading', 'unconfirmed_reading'],
    ['an extracted reading naming no receiver', { target: 'unstated' }, undefined, null, 'unconfirmed_reading'],
    ['an extracted reading naming no receiver, accounts configured', { target: 'unstated' }, CONFIGURED, null, 'unconfirmed_reading'],
    ['an extracted reading to a named third party', { target: 'third_party' }, undefined, 'third_party', 'third_party'],
    ['an extracted reading to a named third party, without a reference', { target: 'third_party', ...NO_REFERENCE }, undefined, 'third_party', 'third_party'],
    ['an extracted reading to a stated account, no accounts configured', { target: 'account', receivingAccount: '...4410' }, undefined, null, 'unconfirmed_reading'],
    ['an extracted reading to a stated account, an empty list configured', { target: 'account', receivingAccount: '...4410' }, [], null, 'unconfirmed_reading'],
    ['an extracted reading to a stated account the tenant configured', { target: 'account', receivingAccount: '...4410' }, CONFIGURED, null, null],
    ['an extracted reading to one of several configured accounts', { target: 'account', receivingAccount: '...4410' }, SEVERAL, null, null],
    ['an extracted reading to another account', { target: 'account', receivingAccount: '...9999' }, CONFIGURED, 'foreign_account', 'foreign_account'],
    ['an extracted reading to none of several configured accounts', { target: 'account', receivingAccount: '...9999' }, SEVERAL, 'foreign_account', 'foreign_account'],
    ['an extracted reading to the holder, another account stated', { target: 'holder', receivingAccount: '...9999' }, CONFIGURED, 'foreign_account', 'foreign_account'],
    ['an extracted reading to the holder, no account stated, accounts configured', { target: 'holder' }, CONFIGURED, null, 'unconfirmed_reading'],
    ['an extracted reading to the holder, a configured account stated', { target: 'holder', receivingAccount: '...4410' }, CONFIGURED, null, null],
    ['an extracted reading to an account it does not state', { target: 'account', receivingAccount: null }, CONFIGURED, null, 'unconfirmed_reading'],
    ['an extracted reading to the holder that departs from its institution\'s usual shape', { target: 'holder', departures: [ELEVEN_DIGITS] }, undefined, null, 'unconfirmed_reading'],
    ['an extracted reading to a configured account that departs', { target: 'account', receivingAccount: '...4410', departures: [ELEVEN_DIGITS] }, CONFIGURED, null, 'unconfirmed_reading'],
    ['an extracted reading with no departure listed', { target: 'holder', departures: [] }, undefined, null, null],
  ] as const)('%s', (_, overrides, accounts, standard, strict) => {
    expect(readingDoubt(parsed(overrides), accounts, 'standard')).toBe(standard);
    expect(readingDoubt(parsed(overrides), accounts, 'strict')).toBe(strict);
  });
});

describe('decideMatch', () => {
  const intent = anIntent({
    paymentId: 'payment-1',
    tenantId: 'tenant-1',
    gateway: 'bank',
    transactionReference: '716204418853',
    normalizedReference: '716204418853',
    amountPaisa: 150000,
  });
  const payment = registeredPayment(intent);
  const now = new Date('2026-11-26T11:00:00.000Z');
  const evidence = (overrides: Partial<Evidence>): Evidence => ({
    smsId: 'sms-1',
    amountPaisa: 150000,
    recordedAt: '2026-11-26T10:59:00.000Z',
    balanceCheck: 'unknown',
    doubt: null,
    ...overrides,
  });

  it.each([
    ['the exact amount from a sure reading', {}, 'record', PAYMENT_VERIFIED, undefined],
    ['another amount', { amountPaisa: 149999 }, 'record', PAYMENT_FLAGGED_FOR_REVIEW, 'amount_mismatch'],
    ['another amount from an unsure reading', { amountPaisa: 149999, doubt: 'unconfirmed_reading' }, 'record', PAYMENT_FLAGGED_FOR_REVIEW, 'amount_mismatch'],
    ['the exact amount from an unsure reading', { doubt: 'unconfirmed_reading' }, 'record', PAYMENT_FLAGGED_FOR_REVIEW, 'unconfirmed_reading'],
    ['the exact amount to another account', { doubt: 'foreign_account' }, 'record', PAYMENT_FLAGGED_FOR_REVIEW, 'foreign_account'],
    ['another amount to another account', { amountPaisa: 149999, doubt: 'foreign_account' }, 'record', PAYMENT_FLAGGED_FOR_REVIEW, 'foreign_account'],
    ['the exact amount to a named third party', { doubt: 'third_party' }, 'record', PAYMENT_FLAGGED_FOR_REVIEW, 'third_party'],
    ['another amount to a named third party', { amountPaisa: 1, doubt: 'third_party' }, 'record', PAYMENT_FLAGGED_FOR_REVIEW, 'third_party'],
    ['a broken balance chain, tenant asks for review', { balanceCheck: 'inconsistent' }, 'review', PAYMENT_FLAGGED_FOR_REVIEW, 'balance_inconsistent'],
    ['a broken balance chain, tenant does not ask', { balanceCheck: 'inconsistent' }, 'record', PAYMENT_VERIFIED, undefined],
    ['an SMS recorded after the intent expired', { recordedAt: '2026-11-26T12:00:00.000Z' }, 'record', PAYMENT_EXPIRED, undefined],
  ] as const)('given a pending payment, when %s arrives, it decides %s', (_, overrides, mode, type, reason) => {
    const decision = decideMatch(payment, evidence(overrides), mode, now);
    expect(decision.type).toBe(type);
    expect(decision.type === PAYMENT_FLAGGED_FOR_REVIEW ? decision.data.reason : undefined).toBe(reason);
  });

  const verified = (amountDetectedPaisa: number, balanceCheck: BalanceCheck) => ({
    type: PAYMENT_VERIFIED,
    data: { paymentId: 'payment-1', smsId: 'sms-1', amountDetectedPaisa, verifiedAt: '2026-11-26T11:00:00.000Z', balanceCheck },
  });
  const flagged = (amountDetectedPaisa: number, reason: ReviewReason, balanceCheck: BalanceCheck) => ({
    type: PAYMENT_FLAGGED_FOR_REVIEW,
    data: { paymentId: 'payment-1', smsId: 'sms-1', amountDetectedPaisa, reason, balanceCheck, flaggedAt: '2026-11-26T11:00:00.000Z' },
  });
  const expired = { type: PAYMENT_EXPIRED, data: { paymentId: 'payment-1', expiredAt: '2026-11-26T12:00:00.000Z' } };

  it.each([
    ['a consistent balance, tenant asks for review', { balanceCheck: 'consistent' }, 'review', verified(150000, 'consistent')],
    ['an unknown balance, tenant asks for review', { balanceCheck: 'unknown' }, 'review', verified(150000, 'unknown')],
    ['a consistent balance, tenant does not ask', { balanceCheck: 'consistent' }, 'record', verified(150000, 'consistent')],
    ['a broken balance chain, tenant does not ask', { balanceCheck: 'inconsistent' }, 'record', verified(150000, 'inconsistent')],
    ['a broken balance chain, tenant asks for review', { balanceCheck: 'inconsistent' }, 'review', flagged(150000, 'balance_inconsistent', 'inconsistent')],
    ['another amount', { amountPaisa: 150001, balanceCheck: 'consistent' }, 'record', flagged(150001, 'amount_mismatch', 'consistent')],
    ['an unsure reading', { doubt: 'unconfirmed_reading' }, 'record', flagged(150000, 'unconfirmed_reading', 'unknown')],
    ['an SMS recorded 1 ms before the expiry', { recordedAt: '2026-11-26T11:59:59.999Z' }, 'record', verified(150000, 'unknown')],
    ['an SMS recorded exactly at the expiry', { recordedAt: '2026-11-26T12:00:00.000Z' }, 'record', expired],
    ['an SMS recorded after the expiry', { recordedAt: '2026-11-26T12:30:00.000Z' }, 'record', expired],
  ] as const)('given a pending payment, when %s arrives, it decides exactly', (_, overrides, mode, expected) => {
    expect(decideMatch(payment, evidence(overrides), mode, now)).toStrictEqual(expected);
  });

  it.each([
    [
      'expiry before another amount',
      { recordedAt: '2026-11-26T12:00:00.000Z', amountPaisa: 1, doubt: 'unconfirmed_reading', balanceCheck: 'inconsistent' },
      expired,
    ],
    ['another amount before an unsure reading', { amountPaisa: 1, doubt: 'unconfirmed_reading', balanceCheck: 'inconsistent' }, flagged(1, 'amount_mismatch', 'inconsistent')],
    ['an unsure reading before a broken balance chain', { doubt: 'unconfirmed_reading', balanceCheck: 'inconsistent' }, flagged(150000, 'unconfirmed_reading', 'inconsistent')],
  ] as const)('weighs %s', (_, overrides, expected) => {
    expect(decideMatch(payment, evidence(overrides), 'review', now)).toStrictEqual(expected);
  });
});

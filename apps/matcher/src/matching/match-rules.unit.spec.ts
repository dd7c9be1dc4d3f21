import { PAYMENT_EXPIRED, PAYMENT_FLAGGED_FOR_REVIEW, PAYMENT_VERIFIED, SmsParsedData } from '@pvs/contracts';
import { registeredPayment } from '@pvs/payments';
import { decideMatch, Evidence, readingMayVerify } from './match-rules';

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

describe('readingMayVerify', () => {
  it.each([
    ['a template reading', { tier: 'template', templateId: 'bank.hbl.credited', target: 'unstated' }, undefined, true],
    ['a reading recorded before readings had tiers', { tier: undefined, templateId: 'bank.hbl.credited', target: undefined }, undefined, true],
    ['an extracted reading addressed to the holder', {}, undefined, true],
    ['an extracted reading without a reference', { reference: null, normalizedReference: null }, undefined, false],
    ['an extracted reading to a stated account, no accounts configured', { target: 'account', receivingAccount: '...4410' }, undefined, false],
    ['an extracted reading to a stated account the tenant configured', { target: 'account', receivingAccount: '...4410' }, ['0001-2233-4410'], true],
    ['an extracted reading to another account', { target: 'account', receivingAccount: '...9999' }, ['0001-2233-4410'], false],
    ['an extracted reading naming no receiver', { target: 'unstated' }, ['0001-2233-4410'], false],
  ] as const)('%s: %s', (_, overrides, accounts, expected) => {
    expect(readingMayVerify(parsed(overrides), accounts)).toBe(expected);
  });
});

describe('decideMatch', () => {
  const intent = {
    paymentId: 'payment-1',
    tenantId: 'tenant-1',
    gateway: 'bank',
    transactionReference: '716204418853',
    normalizedReference: '716204418853',
    amountPaisa: 150000,
    senderSource: null,
    callbackUrl: null,
    clientMetadata: null,
    registeredAt: '2026-11-26T10:00:00.000Z',
    expiresAt: '2026-11-26T12:00:00.000Z',
  } as const;
  const payment = registeredPayment(intent);
  const now = new Date('2026-11-26T11:00:00.000Z');
  const evidence = (overrides: Partial<Evidence>): Evidence => ({
    smsId: 'sms-1',
    amountPaisa: 150000,
    recordedAt: '2026-11-26T10:59:00.000Z',
    balanceCheck: 'unknown',
    readingMayVerify: true,
    ...overrides,
  });

  it.each([
    ['the exact amount from a sure reading', {}, 'record', PAYMENT_VERIFIED, undefined],
    ['another amount', { amountPaisa: 149999 }, 'record', PAYMENT_FLAGGED_FOR_REVIEW, 'amount_mismatch'],
    ['another amount from an unsure reading', { amountPaisa: 149999, readingMayVerify: false }, 'record', PAYMENT_FLAGGED_FOR_REVIEW, 'amount_mismatch'],
    ['the exact amount from an unsure reading', { readingMayVerify: false }, 'record', PAYMENT_FLAGGED_FOR_REVIEW, 'unconfirmed_reading'],
    ['a broken balance chain, tenant asks for review', { balanceCheck: 'inconsistent' }, 'review', PAYMENT_FLAGGED_FOR_REVIEW, 'balance_inconsistent'],
    ['a broken balance chain, tenant does not ask', { balanceCheck: 'inconsistent' }, 'record', PAYMENT_VERIFIED, undefined],
    ['an SMS recorded after the intent expired', { recordedAt: '2026-11-26T12:00:00.000Z' }, 'record', PAYMENT_EXPIRED, undefined],
  ] as const)('given a pending payment, when %s arrives, it decides %s', (_, overrides, mode, type, reason) => {
    const decision = decideMatch(payment, evidence(overrides), mode, now);
    expect(decision.type).toBe(type);
    expect(decision.type === PAYMENT_FLAGGED_FOR_REVIEW ? decision.data.reason : undefined).toBe(reason);
  });
});

import { MalformedMessageError, PaymentDecisionMessage, readMessage } from './index';

const payment = {
  tenantId: '5b1f8a3e-4a7c-4a64-9f1e-0c2d3b4a5e6f',
  gateway: 'wallet_one',
  transactionReference: '71234567890',
  amountExpectedPaisa: 250_000,
  amountDetectedPaisa: 250_000,
  status: 'verified',
  verifiedAt: '2026-11-28T08:00:00.000Z',
  callbackUrl: null,
  clientMetadata: { order: 'A-17' },
  reviewReason: null,
};

const message = {
  type: 'PaymentVerified',
  paymentId: '0f8e7d6c-5b4a-4392-8170-6f5e4d3c2b1a',
  streamVersion: 2,
  data: { paymentId: '0f8e7d6c-5b4a-4392-8170-6f5e4d3c2b1a' },
  payment,
  metadata: { correlationId: 'req-1' },
  recordedAt: '2026-11-28T08:00:00.000Z',
};

const reasons = (value: unknown) => {
  try {
    readMessage(PaymentDecisionMessage, value);
    return null;
  } catch (error) {
    if (!(error instanceof MalformedMessageError)) throw error;
    return error.message;
  }
};

describe('PaymentDecisionMessage', () => {
  it('reads a decision with the payment as it left it, nulls where the payment has no value', () => {
    expect(reasons(message)).toBeNull();
    expect(reasons({ ...message, payment: { ...payment, amountDetectedPaisa: null, verifiedAt: null, status: 'pending', clientMetadata: null } })).toBeNull();
    expect(readMessage(PaymentDecisionMessage, message).payment.clientMetadata).toEqual({ order: 'A-17' });
  });

  it('refuses a decision without the payment (as a matcher of the previous version published it), naming what is missing', () => {
    const { payment: _omitted, ...withoutPayment } = message;
    expect(reasons(withoutPayment)).toMatch(/^PaymentDecisionMessage: payment/);
  });

  it.each([
    ['tenantId', 'not-a-uuid'],
    ['gateway', 'wallet_three'],
    ['amountExpectedPaisa', 12.5],
    ['amountDetectedPaisa', undefined],
    ['status', 'settled'],
    ['verifiedAt', '28/11/2026'],
    ['callbackUrl', 42],
    ['clientMetadata', 'order A-17'],
    ['reviewReason', 'looked odd'],
  ])('refuses a payment whose %s is %p', (field, value) => {
    expect(reasons({ ...message, payment: { ...payment, [field]: value } })).toContain(`payment.${field}`);
  });
});

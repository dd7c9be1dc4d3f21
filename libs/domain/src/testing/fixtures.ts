// Test support for the unit specs of the domain: the ids, the intent and the payment and SMS events they share. No test here.
import {
  PAYMENT_FLAGGED_FOR_REVIEW,
  PAYMENT_VERIFIED,
  PaymentFlaggedForReview,
  PaymentFlaggedForReviewData,
  PaymentIntentRegisteredData,
  PaymentVerified,
  PaymentVerifiedData,
  SMS_MATCHED,
  SMS_PARSED,
  SMS_RECEIVED,
  SMS_REJECTED,
  SMS_UNMATCHED,
  SmsMatched,
  SmsMatchedData,
  SmsParsed,
  SmsParsedData,
  SmsReceived,
  SmsReceivedData,
  SmsRejected,
  SmsRejectedData,
  SmsUnmatched,
  SmsUnmatchedData,
} from '@pvs/contracts';

export const TENANT_ID = 'b3c1a1d2-0000-4000-8000-000000000001';
/** The payment the payment specs register. */
export const PAYMENT_ID = '5b0f3c2e-8a41-4d6b-9c7e-2f1a0b3c4d5e';
/** The payment the SMS specs' outcomes name (the id paymentIdFor gives TENANT_ID, wallet_one and TID123). */
export const SMS_PAYMENT_ID = '16bb12f6-6a36-58dc-bcbf-a637889931b2';
export const SMS_ID = '6f1d2c3b-4a59-4e6f-8a7b-9c0d1e2f3a4b';

export const REGISTERED_AT = '2026-11-26T10:00:00.000Z';
export const EXPIRES_AT = '2026-11-26T12:00:00.000Z';

/** A wallet_one intent for 1,500.50, registered at REGISTERED_AT and open until EXPIRES_AT. */
export const anIntent = (overrides: Partial<PaymentIntentRegisteredData> = {}): PaymentIntentRegisteredData => ({
  paymentId: PAYMENT_ID,
  tenantId: TENANT_ID,
  gateway: 'wallet_one',
  transactionReference: 'TID0123456',
  normalizedReference: 'TID0123456',
  amountPaisa: 150050,
  senderSource: null,
  callbackUrl: null,
  clientMetadata: null,
  registeredAt: REGISTERED_AT,
  expiresAt: EXPIRES_AT,
  ...overrides,
});

/** The intent of anIntent() verified by an SMS with the exact amount, the balance unchecked. */
export const paymentVerified = (overrides: Partial<PaymentVerifiedData> = {}): PaymentVerified => ({
  type: PAYMENT_VERIFIED,
  data: { paymentId: PAYMENT_ID, smsId: 'sms-0', amountDetectedPaisa: 150050, verifiedAt: '2026-11-26T10:30:00.000Z', balanceCheck: 'unknown', ...overrides },
});

/** The intent of anIntent() flagged for review: an SMS brought 1,500.00, not 1,500.50. */
export const paymentFlaggedForReview = (overrides: Partial<PaymentFlaggedForReviewData> = {}): PaymentFlaggedForReview => ({
  type: PAYMENT_FLAGGED_FOR_REVIEW,
  data: {
    paymentId: PAYMENT_ID,
    smsId: 'sms-0',
    amountDetectedPaisa: 150000,
    reason: 'amount_mismatch',
    balanceCheck: 'unknown',
    flaggedAt: '2026-11-26T10:30:00.000Z',
    ...overrides,
  },
});

/** A wallet_one credit of 1,500.00 forwarded natively. */
export const smsReceived = (overrides: Partial<SmsReceivedData> = {}): SmsReceived => ({
  type: SMS_RECEIVED,
  data: {
    smsId: SMS_ID,
    tenantId: TENANT_ID,
    sender: '8558',
    body: 'You have received Rs. 1,500.00 from ALI KHAN. TID 716204418853.',
    receivedAt: '2026-11-26T10:58:40.000Z',
    recordedAt: '2026-11-26T10:59:00.000Z',
    source: 'native',
    forwarderId: null,
    ...overrides,
  },
});

/** The credit of smsReceived() as its template reads it (no target stated). */
export const smsParsed = (overrides: Partial<SmsParsedData> = {}): SmsParsed => ({
  type: SMS_PARSED,
  data: {
    smsId: SMS_ID,
    tenantId: TENANT_ID,
    gateway: 'wallet_one',
    tier: 'template',
    templateId: 'wallet_one.received',
    institution: 'jazzcash',
    reference: '716204418853',
    normalizedReference: '716204418853',
    amountPaisa: 150000,
    payer: { name: 'ALI KHAN' },
    receivingAccount: null,
    balancePaisa: 2350000,
    occurredAt: null,
    reparsed: false,
    ...overrides,
  },
});

export const smsRejected = (overrides: Partial<SmsRejectedData> = {}): SmsRejected => ({
  type: SMS_REJECTED,
  data: { smsId: SMS_ID, tenantId: TENANT_ID, reason: 'No template reads this SMS', ...overrides },
});

/** The match of the parse at version 2, verified. */
export const smsMatched = (overrides: Partial<SmsMatchedData> = {}): SmsMatched => ({
  type: SMS_MATCHED,
  data: { smsId: SMS_ID, parsedVersion: 2, paymentId: SMS_PAYMENT_ID, status: 'verified', ...overrides },
});

/** The miss of the parse at version 2, awaiting the intent. */
export const smsUnmatched = (overrides: Partial<SmsUnmatchedData> = {}): SmsUnmatched => ({
  type: SMS_UNMATCHED,
  data: { smsId: SMS_ID, parsedVersion: 2, reason: 'awaiting_intent', paymentId: SMS_PAYMENT_ID, ...overrides },
});

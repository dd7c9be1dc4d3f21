/** Every status a payment can be in (spec 2.3); the submission response shows manual_review as pending. */
export const PAYMENT_STATUSES = ['pending', 'verified', 'manual_review', 'failed'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** The webhooks a payment's decisions send (spec 6): verified (or approved), in review, failed (expired or rejected). */
export const PAYMENT_WEBHOOK_EVENTS = ['payment.verified', 'payment.manual_review', 'payment.failed'] as const;
export type PaymentWebhookEvent = (typeof PAYMENT_WEBHOOK_EVENTS)[number];

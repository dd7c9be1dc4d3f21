import type { components } from './generated/openapi';

type Schemas = components['schemas'];

/** What `registerPayment` sends: gateway, transaction_reference, amount (PKR), optional callback_url and client_metadata. */
export type RegisterPaymentRequest = Schemas['RegisterPaymentIntentRequest'];
export type PaymentSubmission = Schemas['PaymentSubmission'];
export type PaymentStatus = Schemas['PaymentStatus'];
export type PaymentStatusName = PaymentStatus['status'];
export type SmsIngestRequest = Schemas['SmsIngestRequest'];
export type SmsIngestResult = Schemas['SmsIngestResult'];
export type Health = Schemas['Health'];
/** What `createPaymentLink` sends: amount (or min_amount and max_amount), description, gateways, max_uses, expires_at, return_url, client_metadata. */
export type CreatePaymentLinkRequest = Schemas['CreatePaymentLinkRequest'];
export type PaymentLink = Schemas['PaymentLink'];
export type ListedPaymentLink = Schemas['ListedPaymentLink'];
export type LinkPayment = Schemas['LinkPayment'];
/** The body of a payment webhook (`payment.verified`, `payment.manual_review`, `payment.failed`). */
export type PaymentWebhookEvent = Schemas['WebhookPayload'];
/** The body of an alert webhook the merchant opted into (`forwarder.silent`, `sms.gap_suspected`, …); `data.alert_id` names the alert. */
export type AlertWebhookEvent = Schemas['AlertWebhookPayload'];
/** The body of every webhook, once verified: tell them apart by `event`. */
export type WebhookEvent = PaymentWebhookEvent | AlertWebhookEvent;

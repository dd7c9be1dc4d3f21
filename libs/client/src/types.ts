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
/** The body of every webhook, once verified. */
export type WebhookEvent = Schemas['WebhookPayload'];

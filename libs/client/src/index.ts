export { PaymentVerificationClient } from './client';
export type { ClientOptions, RequestOptions, WaitOptions } from './client';
export { PaymentVerificationError, ServiceUnreachableError, StatusWaitTimeoutError, WebhookVerificationError } from './errors';
export type { WebhookFailure } from './errors';
export { verifyWebhook } from './webhooks';
export type { VerifyWebhookOptions, WebhookHeaders } from './webhooks';
export { ReturnVerificationError, verifyReturn } from './returns';
export type { ReturnFailure, ReturnInput, VerifiedReturn, VerifyReturnOptions } from './returns';
export type {
  AlertWebhookEvent,
  CreatePaymentLinkRequest,
  Health,
  LinkPayment,
  ListedPaymentLink,
  PaymentLink,
  PaymentStatus,
  PaymentStatusName,
  PaymentSubmission,
  PaymentWebhookEvent,
  RegisterPaymentRequest,
  SmsIngestRequest,
  SmsIngestResult,
  WebhookEvent,
} from './types';

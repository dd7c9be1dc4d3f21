import { createHmac } from 'node:crypto';
import { PaymentStatus } from '@pvs/contracts';

/** How long a signed result may be presented: the payer's browser follows it at once. */
export const RETURN_VALID_SECONDS = 600;

export interface ReturnResult {
  readonly paymentId: string;
  readonly status: PaymentStatus;
  /** PKR with two decimals, as signed. */
  readonly amount: string;
  readonly linkId: string;
}

/**
 * The merchant's return URL with the payment's result and its signature (the SDK's `verifyReturn` checks it): HMAC-SHA256
 * keyed with the tenant's webhook secret, as X-Service-Signature, over `v1.payment.status.amount.link.expires`.
 */
export function signedReturnUrl(returnUrl: string, result: ReturnResult, webhookSecret: string, now: Date): string {
  const expires = String(Math.floor(now.getTime() / 1000) + RETURN_VALID_SECONDS);
  const signed = ['v1', result.paymentId, result.status, result.amount, result.linkId, expires].join('.');
  const signature = createHmac('sha256', webhookSecret).update(signed, 'utf8').digest('hex');
  const url = new URL(returnUrl);
  for (const [name, value] of [
    ['pvs_payment', result.paymentId],
    ['pvs_status', result.status],
    ['pvs_amount', result.amount],
    ['pvs_link', result.linkId],
    ['pvs_expires', expires],
    ['pvs_signature', signature],
  ]) {
    url.searchParams.set(name, value);
  }
  return url.toString();
}

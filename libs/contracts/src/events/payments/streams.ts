export const PAYMENT_CATEGORY = 'payment';

export function paymentStream(paymentId: string): string {
  return `${PAYMENT_CATEGORY}-${paymentId}`;
}

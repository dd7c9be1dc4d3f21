import { Gateway } from '../../gateway';
import { Paisa } from '../../money';

export const PAYMENT_INTENT_REGISTERED = 'PaymentIntentRegistered';

export interface PaymentIntentRegisteredData {
  readonly paymentId: string;
  readonly tenantId: string;
  readonly gateway: Gateway;
  /** As the merchant submitted it; matching uses `normalizedReference`. */
  readonly transactionReference: string;
  readonly normalizedReference: string;
  readonly amountPaisa: Paisa;
  /** The payer's number or other sender id, as the merchant gave it: sealed under the payment's key (as given, before sealing). */
  readonly senderSource: string | null;
  readonly callbackUrl: string | null;
  readonly clientMetadata: Record<string, unknown> | null;
  readonly registeredAt: string;
  readonly expiresAt: string;
}

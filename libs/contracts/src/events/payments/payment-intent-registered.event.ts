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
  readonly senderSource: string | null;
  readonly callbackUrl: string | null;
  readonly clientMetadata: Record<string, unknown> | null;
  readonly registeredAt: string;
  readonly expiresAt: string;
}

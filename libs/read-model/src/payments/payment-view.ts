import { Gateway, Paisa, PaymentStatus } from '@pvs/contracts';

/** One payment as the status endpoint shows it. */
export interface PaymentView {
  readonly uuid: string;
  readonly tenantId: string;
  readonly gateway: Gateway;
  readonly transactionReference: string;
  readonly amountExpectedPaisa: Paisa;
  readonly amountDetectedPaisa: Paisa | null;
  readonly status: PaymentStatus;
  readonly verifiedAt: Date | null;
  readonly createdAt: Date;
}

export const PAYMENT_VIEWS = Symbol('PAYMENT_VIEWS');

export interface PaymentViews {
  /** The payment if it exists and belongs to the tenant; another tenant's payment is not found. */
  find(tenantId: string, uuid: string): Promise<PaymentView | null>;
}

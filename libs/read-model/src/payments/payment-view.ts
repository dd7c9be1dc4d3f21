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

/** Filters of the operators' payment list; each one left out matches everything. */
export interface PaymentQuery {
  readonly status?: PaymentStatus;
  readonly tenantId?: string;
  readonly gateway?: Gateway;
  readonly limit: number;
}

export interface PaymentViews {
  /** Payments of every tenant for operators, newest first. */
  list(query: PaymentQuery): Promise<PaymentView[]>;
}

import { Gateway, Paisa, PaymentStatus, ReviewReason } from '@pvs/contracts';

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

/** A payment in the operators' list: with why it waits for review, and what its SMS reading departed from. */
export interface ListedPayment extends PaymentView {
  /** The review reason of its last flag, when it went to manual review. */
  readonly reviewReason: ReviewReason | null;
  /** What the SMS it was decided on shows that its institution usually does not send. */
  readonly departures: readonly string[];
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
  list(query: PaymentQuery): Promise<ListedPayment[]>;
}

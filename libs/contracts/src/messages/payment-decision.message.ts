/** The bus topic of payment decisions: key = payment id, id = the decision event's id. */
export const PAYMENT_DECISIONS_TOPIC = 'payment-decisions';

export interface PaymentDecisionMessage {
  readonly type: string;
  readonly paymentId: string;
  /** The decision's version in the payment stream: the payment as of this decision is the stream up to it. */
  readonly streamVersion: number;
  readonly data: unknown;
  readonly metadata: { readonly tenantId?: string; readonly correlationId: string; readonly causationId?: string };
  readonly recordedAt: string;
}

import { Gateway, LinkAmount, PAYMENT_LINK_CREATED, PAYMENT_LINK_DISABLED, PAYMENT_LINK_USED, PaymentLinkEvent } from '@pvs/contracts';

/** A payment link as folded from its stream. */
export interface PaymentLink {
  readonly id: string;
  readonly tenantId: string;
  readonly code: string;
  readonly description: string | null;
  readonly amount: LinkAmount;
  readonly gateways: readonly Gateway[];
  readonly maxUses: number | null;
  readonly expiresAt: string | null;
  readonly returnUrl: string | null;
  readonly clientMetadata: Record<string, unknown> | null;
  readonly createdAt: string;
  readonly disabledAt: string | null;
  /** The payments made through it, in order. */
  readonly paymentIds: readonly string[];
}

export type PaymentLinkState = PaymentLink | null;

export function evolvePaymentLink(link: PaymentLinkState, event: PaymentLinkEvent): PaymentLinkState {
  switch (event.type) {
    case PAYMENT_LINK_CREATED: {
      const { data } = event;
      return {
        id: data.linkId,
        tenantId: data.tenantId,
        code: data.code,
        description: data.description,
        amount: { amountPaisa: data.amountPaisa, minAmountPaisa: data.minAmountPaisa, maxAmountPaisa: data.maxAmountPaisa },
        gateways: data.gateways,
        maxUses: data.maxUses,
        expiresAt: data.expiresAt,
        returnUrl: data.returnUrl,
        clientMetadata: data.clientMetadata,
        createdAt: data.createdAt,
        disabledAt: null,
        paymentIds: [],
      };
    }
    case PAYMENT_LINK_USED:
      return link && { ...link, paymentIds: [...link.paymentIds, event.data.paymentId] };
    case PAYMENT_LINK_DISABLED:
      return link && { ...link, disabledAt: event.data.disabledAt };
  }
}

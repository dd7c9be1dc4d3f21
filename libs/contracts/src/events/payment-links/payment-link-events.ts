import { Event, eventGuard } from '../event';
import { Gateway } from '../../gateway';
import { Paisa } from '../../money';

export const PAYMENT_LINK_CREATED = 'PaymentLinkCreated';
export const PAYMENT_LINK_USED = 'PaymentLinkUsed';
export const PAYMENT_LINK_DISABLED = 'PaymentLinkDisabled';

/** What the payer may pay through a link: exactly `amountPaisa`, or (when null) what they enter within the bounds. */
export interface LinkAmount {
  readonly amountPaisa: Paisa | null;
  readonly minAmountPaisa: Paisa;
  readonly maxAmountPaisa: Paisa;
}

/** A payment link: a public page (`/pay/<code>`) on which payers of the tenant pay and submit their transaction id. */
export interface PaymentLinkCreatedData extends LinkAmount {
  readonly linkId: string;
  readonly tenantId: string;
  /** The public part of the link's address. */
  readonly code: string;
  readonly description: string | null;
  /** The gateways the page offers, each with the tenant's receiving accounts of it. */
  readonly gateways: readonly Gateway[];
  /** How many payments it may take (1: single use); null: no limit. */
  readonly maxUses: number | null;
  readonly expiresAt: string | null;
  /** Where the payer is sent back, with a signed result, once the payment is decided. */
  readonly returnUrl: string | null;
  /** Given to every payment made through it, as `client_metadata`. */
  readonly clientMetadata: Record<string, unknown> | null;
  readonly createdBy: string;
  readonly createdAt: string;
}

/** A payer registered a payment through the link (recorded with the payment's registration, in one commit). */
export interface PaymentLinkUsedData {
  readonly linkId: string;
  readonly tenantId: string;
  readonly paymentId: string;
  readonly amountPaisa: Paisa;
  /**
   * What the payer chose to tell the merchant: personal data, shown to the merchant only and logged nowhere; sealed
   * under the payment's key (as given, in uses recorded before sealing).
   */
  readonly payerName: string | null;
  readonly payerPhone: string | null;
  readonly usedAt: string;
}

/** The link takes no more payments; payments made through it go on. */
export interface PaymentLinkDisabledData {
  readonly linkId: string;
  readonly tenantId: string;
  readonly disabledBy: string;
  readonly disabledAt: string;
}

export type PaymentLinkCreated = Event<typeof PAYMENT_LINK_CREATED, PaymentLinkCreatedData>;
export type PaymentLinkUsed = Event<typeof PAYMENT_LINK_USED, PaymentLinkUsedData>;
export type PaymentLinkDisabled = Event<typeof PAYMENT_LINK_DISABLED, PaymentLinkDisabledData>;
/** Every event of a payment link's stream. */
export type PaymentLinkEvent = PaymentLinkCreated | PaymentLinkUsed | PaymentLinkDisabled;
export const isPaymentLinkEvent = eventGuard<PaymentLinkEvent>({ [PAYMENT_LINK_CREATED]: true, [PAYMENT_LINK_USED]: true, [PAYMENT_LINK_DISABLED]: true });

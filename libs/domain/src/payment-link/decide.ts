import { Gateway, PAYMENT_LINK_CREATED, PAYMENT_LINK_DISABLED, PAYMENT_LINK_USED, Paisa, PaymentLinkCreatedData, PaymentLinkEvent, isPaymentLinkEvent, paisaToPkr } from '@pvs/contracts';
import { Decider, Decision, accept, refuse } from '../decider';
import { amountToPay, linkAvailability } from './availability';
import { PaymentLinkState, evolvePaymentLink } from './evolve';

export const PAYMENT_LINK_NOT_FOUND = 'Payment link not found';

/** What a payer sends through a link's page: the payment it registers, the amount and gateway they paid. */
export interface LinkPayment {
  readonly paymentId: string;
  readonly gateway: Gateway;
  /** What the payer entered; null on a link of a fixed amount. */
  readonly amountPaisa: Paisa | null;
  readonly payerName: string | null;
  readonly payerPhone: string | null;
}

export type PaymentLinkCommand =
  | { readonly type: 'Create'; readonly link: Omit<PaymentLinkCreatedData, 'createdAt'>; readonly now: Date }
  | { readonly type: 'Use'; readonly payment: LinkPayment; readonly now: Date }
  | { readonly type: 'Disable'; readonly by: string; readonly now: Date };

const REFUSED_USE = {
  disabled: 'This payment link no longer takes payments',
  expired: 'This payment link has expired',
  used_up: 'This payment link has been used',
} as const;

/**
 * A link is created once (its code names its stream), takes payments while it is open — each payment once, within
 * its uses, of an amount it allows, through a gateway it offers — and is disabled at most once.
 */
export function decidePaymentLink(command: PaymentLinkCommand, link: PaymentLinkState): Decision<PaymentLinkEvent> {
  if (command.type === 'Create') {
    if (link) return refuse('conflict', 'Payment link already exists');
    const invalid = invalidLink(command.link, command.now);
    if (invalid) return refuse('unprocessable', invalid);
    return accept({ type: PAYMENT_LINK_CREATED, data: { ...command.link, createdAt: command.now.toISOString() } });
  }
  if (!link) return refuse('not_found', PAYMENT_LINK_NOT_FOUND);
  if (command.type === 'Disable') {
    if (link.disabledAt !== null) return accept();
    return accept({ type: PAYMENT_LINK_DISABLED, data: { linkId: link.id, tenantId: link.tenantId, disabledBy: command.by, disabledAt: command.now.toISOString() } });
  }
  const { payment, now } = command;
  if (link.paymentIds.includes(payment.paymentId)) return accept();
  const availability = linkAvailability(link, link.paymentIds.length, now);
  if (availability !== 'open') return refuse('conflict', REFUSED_USE[availability]);
  if (!link.gateways.includes(payment.gateway)) return refuse('unprocessable', `This payment link does not take ${payment.gateway}`);
  const amountPaisa = amountToPay(link, payment.amountPaisa);
  if (amountPaisa === null) return refuse('unprocessable', amountRule(link.amount.minAmountPaisa, link.amount.maxAmountPaisa, link.amount.amountPaisa));
  const { paymentId, payerName, payerPhone } = payment;
  return accept({ type: PAYMENT_LINK_USED, data: { linkId: link.id, tenantId: link.tenantId, paymentId, amountPaisa, payerName, payerPhone, usedAt: now.toISOString() } });
}

function amountRule(min: Paisa, max: Paisa, fixed: Paisa | null): string {
  if (fixed !== null) return `The amount of this payment link is ${paisaToPkr(fixed)} PKR`;
  return `amount must be between ${paisaToPkr(min)} and ${paisaToPkr(max)} PKR`;
}

/** Why a link as asked cannot be created; null when it can. */
function invalidLink(link: Omit<PaymentLinkCreatedData, 'createdAt'>, now: Date): string | null {
  const { amountPaisa, minAmountPaisa, maxAmountPaisa } = link;
  if (amountPaisa !== null) {
    if (amountPaisa <= 0) return 'amount must be greater than 0';
    if (minAmountPaisa !== amountPaisa || maxAmountPaisa !== amountPaisa) return 'a link of a fixed amount takes no min_amount or max_amount';
  } else {
    if (minAmountPaisa <= 0) return 'min_amount must be greater than 0';
    if (maxAmountPaisa < minAmountPaisa) return 'max_amount must not be below min_amount';
  }
  if (link.gateways.length === 0) return 'gateways must name at least one gateway';
  if (new Set(link.gateways).size !== link.gateways.length) return 'gateways must not repeat a gateway';
  if (link.maxUses !== null && (!Number.isInteger(link.maxUses) || link.maxUses < 1)) return 'max_uses must be a whole number of at least 1';
  if (link.expiresAt !== null && Date.parse(link.expiresAt) <= now.getTime()) return 'expires_at must be in the future';
  return null;
}

export const paymentLinkDecider: Decider<PaymentLinkCommand, PaymentLinkState, PaymentLinkEvent> = {
  initialState: null,
  isEvent: isPaymentLinkEvent,
  evolve: evolvePaymentLink,
  decide: decidePaymentLink,
};

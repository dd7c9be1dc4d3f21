import { Paisa } from '@pvs/contracts';
import { PaymentLink } from './evolve';

/** Whether a link takes a payment now, and if not, why: what its page tells the payer. */
export type LinkAvailability = 'open' | 'disabled' | 'expired' | 'used_up';

/** What availability reads of a link: as folded from its stream, or as a list shows it. */
export type LinkLimits = Pick<PaymentLink, 'disabledAt' | 'expiresAt' | 'maxUses'>;

export function linkAvailability(link: LinkLimits, uses: number, now: Date): LinkAvailability {
  if (link.disabledAt !== null) return 'disabled';
  if (link.expiresAt !== null && Date.parse(link.expiresAt) <= now.getTime()) return 'expired';
  if (link.maxUses !== null && uses >= link.maxUses) return 'used_up';
  return 'open';
}

/** The amount a payer pays through the link: the link's own, or theirs when it lies within the link's bounds; null otherwise. */
export function amountToPay(link: PaymentLink, entered: Paisa | null): Paisa | null {
  const { amountPaisa, minAmountPaisa, maxAmountPaisa } = link.amount;
  if (amountPaisa !== null) return entered === null || entered === amountPaisa ? amountPaisa : null;
  if (entered === null || entered < minAmountPaisa || entered > maxAmountPaisa) return null;
  return entered;
}

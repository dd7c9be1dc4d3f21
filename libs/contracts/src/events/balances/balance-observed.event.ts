import { Event, eventGuard } from '../event';
import { BalanceCheck } from '../payments/payment-decisions.event';
import { Paisa } from '../../money';

export const BALANCE_CATEGORY = 'balance';
export const BALANCE_OBSERVED = 'BalanceObserved';

/** One credit's stated balance on a receiving account, and whether it follows from the one before. */
export interface BalanceObservedData {
  readonly smsId: string;
  readonly amountPaisa: Paisa;
  readonly balancePaisa: Paisa;
  readonly check: BalanceCheck;
}

export type BalanceObserved = Event<typeof BALANCE_OBSERVED, BalanceObservedData>;
export const isBalanceObserved = eventGuard<BalanceObserved>({ [BALANCE_OBSERVED]: true });

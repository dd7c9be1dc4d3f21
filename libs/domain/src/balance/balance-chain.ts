import { BALANCE_OBSERVED, BalanceCheck, BalanceObserved, BalanceObservedData, Paisa, isBalanceObserved } from '@pvs/contracts';
import { Decider, Decision, accept } from '../decider';

export interface ObserveBalance {
  readonly smsId: string;
  readonly amountPaisa: Paisa;
  readonly balancePaisa: Paisa;
}

/** A receiving account's chain as one credit sees it: the last balance stated, and this credit's check if it was observed. */
export interface BalanceChainState {
  readonly last: BalanceObservedData | null;
  readonly check: BalanceCheck | null;
}

/**
 * The running balance of one receiving account, as the SMS state it. A credit is consistent when the previous
 * stated balance plus its amount gives its own stated balance; a forged SMS rarely continues the chain. Each
 * credit is observed once: the decider is the chain as seen by the one SMS it is made for.
 */
export function balanceChainFor(smsId: string): Decider<ObserveBalance, BalanceChainState, BalanceObserved> {
  return {
    initialState: { last: null, check: null },
    isEvent: isBalanceObserved,
    evolve: (chain, event) => ({ last: event.data, check: event.data.smsId === smsId ? event.data.check : chain.check }),
    decide: observeBalance,
  };
}

export function observeBalance(credit: ObserveBalance, chain: BalanceChainState): Decision<BalanceObserved> {
  if (chain.check !== null) return accept();
  const check: BalanceCheck = !chain.last ? 'unknown' : chain.last.balancePaisa + credit.amountPaisa === credit.balancePaisa ? 'consistent' : 'inconsistent';
  return accept({ type: BALANCE_OBSERVED, data: { ...credit, check } });
}

import { createHash } from 'node:crypto';
import { BalanceCheck, Gateway, Paisa } from '@pvs/contracts';
import { EventStore, ExpectedVersionConflictError, NO_STREAM } from '@pvs/event-store';

export const BALANCE_OBSERVED = 'BalanceObserved';

export interface BalanceObservedData {
  readonly smsId: string;
  readonly amountPaisa: Paisa;
  readonly balancePaisa: Paisa;
  readonly check: BalanceCheck;
}

export interface CreditWithBalance {
  readonly tenantId: string;
  readonly gateway: Gateway;
  readonly smsId: string;
  readonly receivingAccount: string | null;
  readonly amountPaisa: Paisa;
  readonly balancePaisa: Paisa | null;
}

function balanceStream(credit: CreditWithBalance, account: string): string {
  const key = createHash('sha256').update(`${credit.tenantId}\n${credit.gateway}\n${account}`).digest('hex').slice(0, 32);
  return `balance-${key}`;
}

/**
 * The running balance of each receiving account, from the balances SMS state. A credit is
 * consistent when the previous stated balance plus its amount gives its own stated balance;
 * a forged SMS rarely continues the chain.
 */
export class BalanceChain {
  constructor(private readonly events: EventStore) {}

  async observe(credit: CreditWithBalance): Promise<BalanceCheck> {
    if (credit.balancePaisa === null) return 'unknown';
    // Wallet alerts rarely name the wallet: one chain per gateway then (the tenant's one wallet).
    const stream = balanceStream(credit, credit.receivingAccount ?? 'unstated');
    for (;;) {
      const history = await this.events.readStream(stream);
      const seen = history.find((event) => (event.data as BalanceObservedData).smsId === credit.smsId);
      if (seen) return (seen.data as BalanceObservedData).check;
      const previous = history.at(-1)?.data as BalanceObservedData | undefined;
      const check: BalanceCheck = !previous
        ? 'unknown'
        : previous.balancePaisa + credit.amountPaisa === credit.balancePaisa
          ? 'consistent'
          : 'inconsistent';
      const data: BalanceObservedData = { smsId: credit.smsId, amountPaisa: credit.amountPaisa, balancePaisa: credit.balancePaisa, check };
      try {
        await this.events.append(stream, [{ type: BALANCE_OBSERVED, data, metadata: { tenantId: credit.tenantId, correlationId: credit.smsId } }], history.length === 0 ? NO_STREAM : history.at(-1)!.streamVersion);
        return check;
      } catch (error) {
        if (!(error instanceof ExpectedVersionConflictError)) throw error;
      }
    }
  }
}


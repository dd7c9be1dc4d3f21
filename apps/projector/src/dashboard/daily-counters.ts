import { Gateway, Paisa, PaymentStatus } from '@pvs/contracts';

/** What the daily counters know of a payment: whose it is, the Asia/Karachi day it was registered, how much. */
export interface DailyPayment {
  readonly tenantId: string;
  readonly day: string;
  readonly gateway: Gateway;
  readonly amountPaisa: Paisa;
}

/** A change to one counter of `rm_tenant_daily`. */
export interface CounterChange {
  readonly tenantId: string;
  readonly day: string;
  readonly dimension: 'status' | 'gateway';
  readonly bucket: string;
  readonly payments: number;
  readonly amountPaisa: Paisa;
}

/**
 * The counter changes when a payment is registered (`from` null: it enters its gateway's bucket
 * and `to`) or moves between statuses (it leaves `from` for `to`, on its day of registration).
 */
export function counterChanges(payment: DailyPayment, from: PaymentStatus | null, to: PaymentStatus): CounterChange[] {
  if (from === to) return [];
  const change = (dimension: CounterChange['dimension'], bucket: string, sign: 1 | -1): CounterChange => ({
    tenantId: payment.tenantId,
    day: payment.day,
    dimension,
    bucket,
    payments: sign,
    amountPaisa: sign * payment.amountPaisa,
  });
  return [change('status', to, 1), from === null ? change('gateway', payment.gateway, 1) : change('status', from, -1)];
}

/** One change per counter, so a batch writes each counter once; changes that cancel out are dropped. */
export function mergeCounterChanges(changes: readonly CounterChange[]): CounterChange[] {
  const merged = new Map<string, CounterChange>();
  for (const change of changes) {
    const key = `${change.tenantId}|${change.day}|${change.dimension}|${change.bucket}`;
    const previous = merged.get(key);
    merged.set(key, previous ? { ...previous, payments: previous.payments + change.payments, amountPaisa: previous.amountPaisa + change.amountPaisa } : change);
  }
  return [...merged.values()].filter((change) => change.payments !== 0 || change.amountPaisa !== 0);
}

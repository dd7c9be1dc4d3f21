import { GATEWAYS, Gateway, PAYMENT_STATUSES, Paisa, PaymentStatus } from '@pvs/contracts';

export interface DailyBucket {
  readonly payments: number;
  readonly amountPaisa: Paisa;
}

/** One counter of `rm_tenant_daily`: payments registered that day, now in a status or through a gateway. */
export interface DailyCounter extends DailyBucket {
  readonly dimension: 'status' | 'gateway';
  readonly bucket: string;
}

/** A tenant's payments registered on one Asia/Karachi day, as they stand now. */
export interface TenantDailySummary {
  readonly tenantId: string;
  readonly registered: number;
  readonly byStatus: Readonly<Record<PaymentStatus, DailyBucket>>;
  readonly byGateway: Readonly<Record<Gateway, DailyBucket>>;
  /** Verified / registered, 4 decimals; null when nothing was registered. */
  readonly matchRate: number | null;
  /** Median seconds from registration to verification; null when none was verified. */
  readonly medianSecondsToVerify: number | null;
}

const EMPTY: DailyBucket = { payments: 0, amountPaisa: 0 };

/** A tenant's summary from its counters of the day; buckets without a counter are zero. */
export function summariseTenantDay(tenantId: string, counters: readonly DailyCounter[], medianMsToVerify: number | null): TenantDailySummary {
  const bucketOf = (dimension: DailyCounter['dimension'], bucket: string): DailyBucket => {
    const counter = counters.find((candidate) => candidate.dimension === dimension && candidate.bucket === bucket);
    return counter ? { payments: counter.payments, amountPaisa: counter.amountPaisa } : EMPTY;
  };
  const byStatus = Object.fromEntries(PAYMENT_STATUSES.map((status) => [status, bucketOf('status', status)])) as Record<PaymentStatus, DailyBucket>;
  const byGateway = Object.fromEntries(GATEWAYS.map((gateway) => [gateway, bucketOf('gateway', gateway)])) as Record<Gateway, DailyBucket>;
  // Every payment is in exactly one status bucket.
  const registered = PAYMENT_STATUSES.reduce((sum, status) => sum + byStatus[status].payments, 0);
  return {
    tenantId,
    registered,
    byStatus,
    byGateway,
    matchRate: registered === 0 ? null : Math.round((byStatus.verified.payments / registered) * 10_000) / 10_000,
    medianSecondsToVerify: medianMsToVerify === null ? null : Math.round(medianMsToVerify) / 1000,
  };
}

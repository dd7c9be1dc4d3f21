import { SqlExecutor } from '@pvs/sql';
import { DailyCounter, TenantDailySummary, summariseTenantDay } from './tenant-daily-summary';

export const TENANT_DAILY_VIEWS = Symbol('TENANT_DAILY_VIEWS');

interface CounterRow extends DailyCounter {
  tenant_id: string;
}

/** The operators' dashboard: per tenant, the payments registered on one day (`YYYY-MM-DD`, Asia/Karachi). */
export class TenantDailyViews {
  constructor(private readonly sql: SqlExecutor) {}

  /** Tenants with payments that day, or the one asked for (with zeros when it had none). */
  async day(day: string, tenantId?: string): Promise<TenantDailySummary[]> {
    const [counters, medians] = await Promise.all([
      this.sql.query<CounterRow>(
        `SELECT tenant_id::text AS tenant_id, dimension, bucket, payments, amount_paisa AS "amountPaisa"
         FROM rm_tenant_daily WHERE day = $1::date AND ($2::uuid IS NULL OR tenant_id = $2) AND payments > 0`,
        [day, tenantId ?? null],
      ),
      this.sql.query<{ tenant_id: string; median_ms: number }>(
        `SELECT tenant_id::text AS tenant_id, percentile_cont(0.5) WITHIN GROUP (ORDER BY verify_ms) AS median_ms
         FROM rm_tenant_daily_payments
         WHERE day = $1::date AND ($2::uuid IS NULL OR tenant_id = $2) AND verify_ms IS NOT NULL
         GROUP BY tenant_id`,
        [day, tenantId ?? null],
      ),
    ]);
    const tenantIds = new Set(tenantId ? [tenantId] : counters.map((counter) => counter.tenant_id));
    return [...tenantIds].map((id) =>
      summariseTenantDay(
        id,
        counters.filter((counter) => counter.tenant_id === id),
        medians.find((median) => median.tenant_id === id)?.median_ms ?? null,
      ),
    );
  }
}

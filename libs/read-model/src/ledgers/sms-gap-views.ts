import { Gateway, MoneyDirection } from '@pvs/contracts';
import { SqlExecutor } from '@pvs/sql';

export interface SmsGapView {
  readonly gapId: string;
  readonly tenantId: string;
  readonly gateway: Gateway;
  readonly account: string | null;
  readonly direction: MoneyDirection;
  readonly amountPaisa: number;
  readonly windowStart: Date;
  readonly windowEnd: Date;
  readonly candidatePaymentIds: readonly string[];
  readonly detectedAt: Date;
  readonly filledAt: Date | null;
}

interface GapRow {
  gap_id: string;
  tenant_id: string;
  gateway: Gateway;
  account: string | null;
  direction: MoneyDirection;
  amount_paisa: string;
  window_start: Date;
  window_end: Date;
  candidate_payment_ids: string[];
  detected_at: Date;
  filled_at: Date | null;
}

/** The SMS suspected missing, newest first: for operators, and for a payment's likely reason to stall. */
export class SmsGapViews {
  constructor(private readonly sql: SqlExecutor) {}

  async list(query: { readonly tenantId?: string; readonly open?: boolean; readonly limit: number }): Promise<SmsGapView[]> {
    const rows = await this.sql.query<GapRow>(
      `SELECT gap_id::text AS gap_id, tenant_id::text AS tenant_id, gateway, account, direction, amount_paisa, window_start, window_end,
              candidate_payment_ids::text[] AS candidate_payment_ids, detected_at, filled_at
       FROM rm_sms_gaps WHERE ($1::uuid IS NULL OR tenant_id = $1) AND (NOT $2 OR filled_at IS NULL)
       ORDER BY detected_at DESC, gap_id LIMIT $3`,
      [query.tenantId ?? null, query.open ?? false, query.limit],
    );
    return rows.map((row) => ({
      gapId: row.gap_id,
      tenantId: row.tenant_id,
      gateway: row.gateway,
      account: row.account,
      direction: row.direction,
      amountPaisa: Number(row.amount_paisa),
      windowStart: row.window_start,
      windowEnd: row.window_end,
      candidatePaymentIds: row.candidate_payment_ids,
      detectedAt: row.detected_at,
      filledAt: row.filled_at,
    }));
  }
}

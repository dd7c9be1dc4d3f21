import { Gateway } from '@pvs/contracts';
import { SqlExecutor } from '@pvs/sql';

/** A ledger with a break not yet reported, since `unsettledSince`. */
export interface UnsettledLedger {
  readonly accountKey: string;
  readonly tenantId: string;
  readonly unsettledSince: Date;
}

/** What the gap watch reads: ledgers whose breaks have settled, and the payments a missing credit may be. */
export class UnsettledLedgers {
  constructor(private readonly sql: SqlExecutor) {}

  /** Ledgers with a break unreported since before `before`, the oldest first, a page at a time after `after` (an index range). */
  async since(before: Date, limit: number, after: UnsettledLedger | null = null): Promise<UnsettledLedger[]> {
    const rows = await this.sql.query<{ account_key: string; tenant_id: string; unsettled_since: Date }>(
      `SELECT account_key::text AS account_key, tenant_id::text AS tenant_id, unsettled_since FROM rm_ledgers
       WHERE unsettled_since IS NOT NULL AND unsettled_since <= $1
         AND ($3::timestamptz IS NULL OR (unsettled_since, account_key) > ($3, $4::uuid))
       ORDER BY unsettled_since, account_key LIMIT $2`,
      [before, limit, after?.unsettledSince ?? null, after?.accountKey ?? null],
    );
    return rows.map((row) => ({ accountKey: row.account_key, tenantId: row.tenant_id, unsettledSince: row.unsettled_since }));
  }

  /**
   * The tenant's payments pending of that gateway and exactly that amount: what a missing credit may be, those
   * registered nearest the time it came first (a payer may pay before the merchant registers the intent, or after).
   */
  async candidates(tenantId: string, gateway: Gateway, amountPaisa: number, around: Date, limit = 20): Promise<string[]> {
    const rows = await this.sql.query<{ uuid: string }>(
      `SELECT uuid::text AS uuid FROM rm_payments
       WHERE tenant_id = $1 AND gateway = $2 AND amount_expected_paisa = $3 AND status = 'pending'
       ORDER BY abs(extract(epoch FROM created_at - $4::timestamptz)), uuid LIMIT $5`,
      [tenantId, gateway, amountPaisa, around, limit],
    );
    return rows.map((row) => row.uuid);
  }
}

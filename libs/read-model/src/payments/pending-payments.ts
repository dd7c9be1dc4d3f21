import { Gateway, Paisa } from '@pvs/contracts';
import { SqlExecutor } from '@pvs/sql';

/** Queries over undecided payments, for the matcher; candidates only, the payment stream decides. */
export class PendingPayments {
  constructor(private readonly sql: SqlExecutor) {}

  async expiredAt(now: Date, limit: number): Promise<string[]> {
    const rows = await this.sql.query<{ uuid: string }>(
      `SELECT uuid::text AS uuid FROM rm_payments WHERE status = 'pending' AND expires_at <= $1 ORDER BY expires_at LIMIT $2`,
      [now, limit],
    );
    return rows.map((row) => row.uuid);
  }

  /** Payments of one tenant and gateway expecting this amount, still pending or in review. */
  async withAmount(tenantId: string, gateway: Gateway, amountPaisa: Paisa, limit: number): Promise<string[]> {
    const rows = await this.sql.query<{ uuid: string }>(
      `SELECT uuid::text AS uuid FROM rm_payments
       WHERE tenant_id = $1 AND gateway = $2 AND amount_expected_paisa = $3 AND status IN ('pending', 'manual_review')
       ORDER BY created_at LIMIT $4`,
      [tenantId, gateway, amountPaisa, limit],
    );
    return rows.map((row) => row.uuid);
  }
}

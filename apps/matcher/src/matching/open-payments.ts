import { Gateway, Paisa, PaymentIntentRegistered } from '@pvs/contracts';
import { Checkpoint, RecordedEvent } from '@pvs/event-store';
import { SqlExecutor } from '@pvs/sql';

/**
 * The payments the matcher has read registered and not yet found closed (`mt_open_payments`, its own): where it looks
 * for the payment a credit without a reference may be for, and for payments to expire. Kept current with the log the
 * matcher decides on — an intent is recorded before any later event is matched — so it never waits on a projection.
 * Candidates only: each payment's stream decides, and a payment found verified or failed is forgotten.
 */
export class OpenPayments {
  constructor(private readonly sql: SqlExecutor) {}

  /** Records registered intents; one recorded before changes nothing. */
  async opened(intents: readonly RecordedEvent<PaymentIntentRegistered>[]): Promise<void> {
    if (intents.length === 0) return;
    await this.sql.query(
      `INSERT INTO mt_open_payments (payment_id, tenant_id, gateway, amount_paisa, expires_at, registered_at_checkpoint)
       SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::text[], $4::bigint[], $5::timestamptz[], $6::text[])
       ON CONFLICT (payment_id) DO NOTHING`,
      [
        intents.map((intent) => intent.data.paymentId),
        intents.map((intent) => intent.data.tenantId),
        intents.map((intent) => intent.data.gateway),
        intents.map((intent) => intent.data.amountPaisa),
        intents.map((intent) => intent.data.expiresAt),
        intents.map((intent) => intent.checkpoint),
      ],
    );
  }

  /** Payments of one tenant and gateway expecting this amount, registered before `before` in the log, oldest first. */
  async withAmount(tenantId: string, gateway: Gateway, amountPaisa: Paisa, before: Checkpoint, limit: number): Promise<string[]> {
    const rows = await this.sql.query<{ payment_id: string }>(
      `SELECT payment_id::text AS payment_id FROM mt_open_payments
       WHERE tenant_id = $1 AND gateway = $2 AND amount_paisa = $3 AND registered_at_checkpoint < $4
       ORDER BY registered_at_checkpoint LIMIT $5`,
      [tenantId, gateway, amountPaisa, before, limit],
    );
    return rows.map((row) => row.payment_id);
  }

  /** Payments due to expire by `now`, soonest first. */
  async expiredAt(now: Date, limit: number): Promise<string[]> {
    const rows = await this.sql.query<{ payment_id: string }>(`SELECT payment_id::text AS payment_id FROM mt_open_payments WHERE expires_at <= $1 ORDER BY expires_at LIMIT $2`, [
      now,
      limit,
    ]);
    return rows.map((row) => row.payment_id);
  }

  /** Forgets payments found verified or failed (their streams say so for ever), or past their expiry and no longer pending. */
  async forget(paymentIds: readonly string[]): Promise<void> {
    if (paymentIds.length === 0) return;
    await this.sql.query(`DELETE FROM mt_open_payments WHERE payment_id = ANY ($1::uuid[])`, [[...new Set(paymentIds)]]);
  }
}

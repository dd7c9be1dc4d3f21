import { Gateway } from '@pvs/contracts';
import { SqlExecutor } from '@pvs/sql';
import { carriesGateway } from '../forwarders/carries-gateway';

/** A payment pending since `createdAt`, not yet found stalled. */
export interface PendingPayment {
  readonly paymentId: string;
  readonly tenantId: string;
  readonly gateway: Gateway;
  readonly transactionReference: string;
  readonly amountPaisa: number;
  readonly createdAt: Date;
}

interface PendingRow {
  uuid: string;
  tenant_id: string;
  gateway: Gateway;
  transaction_reference: string;
  amount_expected_paisa: string;
  created_at: Date;
}

/** A tenant's SMS not read as a credit. */
export interface RejectedSms {
  readonly smsId: string;
  readonly tenantId: string;
  readonly reason: string;
  readonly sender: string;
  /** As stored: sealed payer data (its SMS's key opens it), or as written before sealing. */
  readonly body: string;
  readonly receivedAt: Date | null;
  readonly recordedAt: Date;
}

/** What the stall watch reads: payments pending a while, how long the tenant's usually take, and why one may wait. */
export class StallCandidates {
  constructor(private readonly sql: SqlExecutor) {}

  /** Payments pending since before `before`, not found stalled yet, the oldest first, a page after `after` (an index range). */
  async pendingSince(before: Date, limit: number, after: PendingPayment | null = null): Promise<PendingPayment[]> {
    const rows = await this.sql.query<PendingRow>(
      `SELECT p.uuid::text AS uuid, p.tenant_id::text AS tenant_id, p.gateway, p.transaction_reference, p.amount_expected_paisa, p.created_at
       FROM rm_payments p
       WHERE p.status = 'pending' AND p.created_at < $1
         AND ($3::timestamptz IS NULL OR (p.created_at, p.uuid) > ($3, $4::uuid))
         AND NOT EXISTS (SELECT 1 FROM rm_alerts a WHERE a.subject_id = p.uuid AND a.kind = 'payment.stalled')
       ORDER BY p.created_at, p.uuid LIMIT $2`,
      [before, limit, after?.createdAt ?? null, after?.paymentId ?? null],
    );
    return rows.map((row) => ({
      paymentId: row.uuid,
      tenantId: row.tenant_id,
      gateway: row.gateway,
      transactionReference: row.transaction_reference,
      amountPaisa: Number(row.amount_expected_paisa),
      createdAt: row.created_at,
    }));
  }

  /**
   * How long each tenant's payments of each gateway verified since `since` took, from intent to verification (the
   * last thousand of each), keyed `tenant id + "\n" + gateway`: one statement for a page of candidates.
   */
  async verifyDurationsMs(keys: readonly { readonly tenantId: string; readonly gateway: Gateway }[], since: Date): Promise<Map<string, number[]>> {
    const rows = await this.sql.query<{ tenant_id: string; gateway: Gateway; ms: string[] }>(
      `SELECT tenant_id::text AS tenant_id, gateway, array_agg(ms) AS ms FROM (
         SELECT p.tenant_id, p.gateway, (extract(epoch FROM p.verified_at - p.created_at) * 1000)::bigint AS ms,
                row_number() OVER (PARTITION BY p.tenant_id, p.gateway ORDER BY p.created_at DESC) AS recent
         FROM rm_payments p JOIN unnest($1::uuid[], $2::text[]) AS k(tenant_id, gateway) ON p.tenant_id = k.tenant_id AND p.gateway = k.gateway
         WHERE p.status = 'verified' AND p.created_at >= $3 AND p.verified_at IS NOT NULL
       ) history WHERE recent <= 1000 GROUP BY tenant_id, gateway`,
      [keys.map((key) => key.tenantId), keys.map((key) => key.gateway), since],
    );
    return new Map(rows.map((row) => [`${row.tenant_id}\n${row.gateway}`, row.ms.map((ms) => Math.max(0, Number(ms)))]));
  }

  /**
   * The tenant's SMS recorded since `since` and not read as a credit, the latest first (at most `limit`): the stall
   * watch opens their text to find one naming a payment's reference (the text is sealed: no query can search it).
   */
  async rejectedSince(tenantId: string, since: Date, limit: number): Promise<RejectedSms[]> {
    const rows = await this.sql.query<{ sms_id: string; rejection_reason: string | null; sender: string; body: string; received_at: Date | null; recorded_at: Date }>(
      `SELECT sms_id::text AS sms_id, rejection_reason, sender, body, received_at, recorded_at FROM rm_sms
       WHERE tenant_id = $1 AND state = 'rejected' AND recorded_at >= $2
       ORDER BY recorded_at DESC LIMIT $3`,
      [tenantId, since, limit],
    );
    return rows.map((row) => ({ smsId: row.sms_id, tenantId, reason: row.rejection_reason ?? 'unrecognized_template', sender: row.sender, body: row.body, receivedAt: row.received_at, recordedAt: row.recorded_at }));
  }

  /** Open gaps of the tenant's ledgers of the gateway that may be this payment: its amount, or naming it. */
  async gapsFor(tenantId: string, gateway: Gateway, amountPaisa: number, paymentId: string): Promise<string[]> {
    const rows = await this.sql.query<{ gap_id: string }>(
      `SELECT gap_id::text AS gap_id FROM rm_sms_gaps
       WHERE tenant_id = $1 AND gateway = $2 AND direction = 'credit' AND filled_at IS NULL AND (amount_paisa = $3 OR $4::uuid = ANY(candidate_payment_ids))
       ORDER BY detected_at`,
      [tenantId, gateway, amountPaisa, paymentId],
    );
    return rows.map((row) => row.gap_id);
  }

  /**
   * The tenant's phones found silent while the payment waited, carrying its gateway: silent now, or silent since
   * before the payment was registered, or found silent while it waited (a silence whose quiet overlaps the wait).
   */
  async silentDuring(tenantId: string, gateway: Gateway, registeredAt: Date): Promise<string[]> {
    const rows = await this.sql.query<{ forwarder_id: string }>(
      `SELECT DISTINCT ON (subject_id) subject_id::text AS forwarder_id FROM rm_alerts
       WHERE tenant_id = $1 AND kind = 'forwarder.silent' AND details->'pendingGateways' ? $2 AND (cleared_at IS NULL OR cleared_at >= $3)
       ORDER BY subject_id, raised_at`,
      [tenantId, gateway, registeredAt],
    );
    return rows.map((row) => row.forwarder_id);
  }

  /**
   * Whether a phone of the tenant that may carry the gateway (it has, or it has forwarded no payment yet) has been
   * quiet since before the payment was registered, and is not found silent yet: its silence may be on its way.
   */
  async quietCarrierSince(tenantId: string, gateway: Gateway, registeredAt: Date, learntSince: Date): Promise<boolean> {
    const [row] = await this.sql.query<{ quiet: boolean }>(
      `SELECT EXISTS (
         SELECT 1 FROM rm_forwarders f
         WHERE f.tenant_id = $1 AND f.retired_at IS NULL AND f.silent_since IS NULL AND f.last_heard_at < $3
           AND ${carriesGateway('f.forwarder_id', '$2', '$4')}
       ) AS quiet`,
      [tenantId, gateway, registeredAt, learntSince],
    );
    return row?.quiet ?? false;
  }
}

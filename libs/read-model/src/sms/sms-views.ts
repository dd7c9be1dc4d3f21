import { SqlExecutor } from '@pvs/sql';

export interface SmsView {
  readonly smsId: string;
  readonly tenantId: string;
  readonly sender: string;
  /** As stored: sealed payer data (the gateway's SmsPayerData opens it), or as written in SMS recorded before sealing. */
  readonly body: string;
  readonly source: string;
  readonly receivedAt: Date | null;
  readonly recordedAt: Date;
  readonly state: 'received' | 'parsed' | 'rejected';
  readonly rejectionReason: string | null;
  readonly gateway: string | null;
  readonly reference: string | null;
  readonly amountPaisa: number | null;
  readonly paymentId: string | null;
  readonly outcome: string | null;
}

export interface SmsQuery {
  readonly tenantId?: string;
  readonly state?: SmsView['state'];
  readonly limit: number;
}

interface SmsRow {
  sms_id: string;
  tenant_id: string;
  sender: string;
  body: string;
  source: string;
  received_at: Date | null;
  recorded_at: Date;
  state: SmsView['state'];
  rejection_reason: string | null;
  gateway: string | null;
  reference: string | null;
  amount_paisa: number | null;
  payment_id: string | null;
  outcome: string | null;
}

/** Forwarded SMS for operators, newest first. */
export class SmsViews {
  constructor(private readonly sql: SqlExecutor) {}

  async list(query: SmsQuery): Promise<SmsView[]> {
    const rows = await this.sql.query<SmsRow>(
      `SELECT sms_id::text AS sms_id, tenant_id::text AS tenant_id, sender, body, source, received_at, recorded_at,
              state, rejection_reason, gateway, reference, amount_paisa, payment_id::text AS payment_id, outcome
       FROM rm_sms
       WHERE ($1::uuid IS NULL OR tenant_id = $1) AND ($2::text IS NULL OR state = $2)
       ORDER BY recorded_at DESC LIMIT $3`,
      [query.tenantId ?? null, query.state ?? null, query.limit],
    );
    return rows.map((row) => ({
      smsId: row.sms_id,
      tenantId: row.tenant_id,
      sender: row.sender,
      body: row.body,
      source: row.source,
      receivedAt: row.received_at,
      recordedAt: row.recorded_at,
      state: row.state,
      rejectionReason: row.rejection_reason,
      gateway: row.gateway,
      reference: row.reference,
      amountPaisa: row.amount_paisa,
      paymentId: row.payment_id,
      outcome: row.outcome,
    }));
  }
}

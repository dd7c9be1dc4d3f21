import { SqlExecutor } from '@pvs/sql';
import { PaymentQuery, PaymentView, PaymentViews } from './payment-view';

interface PaymentRow {
  uuid: string;
  tenant_id: string;
  gateway: PaymentView['gateway'];
  transaction_reference: string;
  amount_expected_paisa: number;
  amount_detected_paisa: number | null;
  status: PaymentView['status'];
  verified_at: Date | null;
  created_at: Date;
}

const PAYMENT_COLUMNS = `uuid::text AS uuid, tenant_id::text AS tenant_id, gateway, transaction_reference,
  amount_expected_paisa, amount_detected_paisa, status, verified_at, created_at`;

export class PostgresPaymentViews implements PaymentViews {
  constructor(private readonly sql: SqlExecutor) {}

  async list(query: PaymentQuery): Promise<PaymentView[]> {
    const rows = await this.sql.query<PaymentRow>(
      `SELECT ${PAYMENT_COLUMNS} FROM rm_payments
       WHERE ($1::text IS NULL OR status = $1) AND ($2::uuid IS NULL OR tenant_id = $2) AND ($3::text IS NULL OR gateway = $3)
       ORDER BY created_at DESC, uuid LIMIT $4`,
      [query.status ?? null, query.tenantId ?? null, query.gateway ?? null, query.limit],
    );
    return rows.map(toView);
  }
}

function toView(row: PaymentRow): PaymentView {
  return {
    uuid: row.uuid,
    tenantId: row.tenant_id,
    gateway: row.gateway,
    transactionReference: row.transaction_reference,
    amountExpectedPaisa: row.amount_expected_paisa,
    amountDetectedPaisa: row.amount_detected_paisa,
    status: row.status,
    verifiedAt: row.verified_at,
    createdAt: row.created_at,
  };
}

import { ReviewReason } from '@pvs/contracts';
import { SqlExecutor } from '@pvs/sql';
import { ListedPayment, PaymentQuery, PaymentView, PaymentViews } from './payment-view';

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
  review_reason: ReviewReason | null;
  departures: string[] | null;
}

const PAYMENT_COLUMNS = `payment.uuid::text AS uuid, payment.tenant_id::text AS tenant_id, payment.gateway, payment.transaction_reference,
  payment.amount_expected_paisa, payment.amount_detected_paisa, payment.status, payment.verified_at, payment.created_at,
  payment.review_reason, sms.departures`;

export class PostgresPaymentViews implements PaymentViews {
  constructor(private readonly sql: SqlExecutor) {}

  async list(query: PaymentQuery): Promise<ListedPayment[]> {
    const rows = await this.sql.query<PaymentRow>(
      `SELECT ${PAYMENT_COLUMNS} FROM rm_payments payment LEFT JOIN rm_sms sms ON sms.sms_id = payment.sms_id
       WHERE ($1::text IS NULL OR payment.status = $1) AND ($2::uuid IS NULL OR payment.tenant_id = $2) AND ($3::text IS NULL OR payment.gateway = $3)
       ORDER BY payment.created_at DESC, payment.uuid LIMIT $4`,
      [query.status ?? null, query.tenantId ?? null, query.gateway ?? null, query.limit],
    );
    return rows.map(toView);
  }
}

function toView(row: PaymentRow): ListedPayment {
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
    reviewReason: row.review_reason,
    departures: row.departures ?? [],
  };
}

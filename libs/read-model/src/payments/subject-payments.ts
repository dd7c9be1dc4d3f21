import { PayerSubject, PaymentStatus } from '@pvs/contracts';
import { SqlExecutor } from '@pvs/sql';

/** What payer data reaches, as the read model shows it: for retention, which subjects a payment still needs. */
export class SubjectPayments {
  constructor(private readonly sql: SqlExecutor) {}

  /**
   * The status of the payment each subject's data reaches: a payment subject's own, an SMS subject's matched (or
   * flagged) payment's. A subject reaching no payment is left out.
   */
  async statuses(subjects: readonly PayerSubject[]): Promise<Map<PayerSubject, PaymentStatus>> {
    const ids = (kind: string) => subjects.filter((subject) => subject.startsWith(`${kind}/`)).map((subject) => subject.slice(kind.length + 1));
    const rows = await this.sql.query<{ subject: PayerSubject; status: PaymentStatus }>(
      `SELECT 'payment/' || p.uuid::text AS subject, p.status FROM rm_payments p WHERE p.uuid = ANY($1::uuid[])
       UNION ALL
       SELECT 'sms/' || s.sms_id::text AS subject, p.status FROM rm_sms s JOIN rm_payments p ON p.uuid = s.payment_id WHERE s.sms_id = ANY($2::uuid[])`,
      [ids('payment'), ids('sms')],
    );
    return new Map(rows.map((row) => [row.subject, row.status]));
  }
}

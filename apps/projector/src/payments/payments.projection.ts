import { PAYMENT_CATEGORY, PAYMENT_INTENT_REGISTERED, PaymentIntentRegisteredData } from '@pvs/contracts';
import { RecordedEvent } from '@pvs/event-store';
import { SqlExecutor } from '@pvs/sql';
import { Projection } from '../projections/projection';

/** `rm_payments`: one row per payment, behind GET /payments/status/{uuid}. */
export const paymentsProjection: Projection = {
  name: 'payments',
  filter: { categories: [PAYMENT_CATEGORY] },

  async apply(tx: SqlExecutor, events: readonly RecordedEvent[]): Promise<void> {
    for (const event of events) {
      if (event.type === PAYMENT_INTENT_REGISTERED) await registerIntent(tx, event as RecordedEvent<string, PaymentIntentRegisteredData>);
    }
  },

  async reset(tx: SqlExecutor): Promise<void> {
    await tx.query('DELETE FROM rm_payments');
  },
};

async function registerIntent(tx: SqlExecutor, event: RecordedEvent<string, PaymentIntentRegisteredData>): Promise<void> {
  const intent = event.data;
  await tx.query(
    `INSERT INTO rm_payments (uuid, tenant_id, gateway, transaction_reference, amount_expected_paisa,
                              status, created_at, updated_at, stream_version)
     VALUES ($1, $2, $3, $4, $5, 'pending', $6, $6, $7)
     ON CONFLICT (uuid) DO NOTHING`,
    [intent.paymentId, intent.tenantId, intent.gateway, intent.transactionReference, intent.amountPaisa, intent.registeredAt, event.streamVersion],
  );
}

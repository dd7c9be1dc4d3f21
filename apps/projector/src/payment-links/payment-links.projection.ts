import {
  PAYMENT_LINK_CREATED,
  PAYMENT_LINK_DISABLED,
  PAYMENT_LINK_USED,
  PaymentLinkEvent,
  PaymentStatus,
  isPaymentDecision,
  isPaymentLinkEvent,
} from '@pvs/contracts';
import { paymentDecision } from '@pvs/domain';
import { RecordedEvent } from '@pvs/event-store';
import { PAYMENT_LINKS_PROJECTION, TablesOf } from '@pvs/read-model';
import { SqlExecutor } from '@pvs/sql';
import { Projection } from '../projections/projection';

type Tables = TablesOf<typeof PAYMENT_LINKS_PROJECTION>;

async function applyLink(tx: SqlExecutor, event: RecordedEvent<PaymentLinkEvent>, tables: Tables): Promise<void> {
  const version = event.streamVersion;
  switch (event.type) {
    case PAYMENT_LINK_CREATED: {
      const { linkId, tenantId, code, description, amountPaisa, minAmountPaisa, maxAmountPaisa, gateways, maxUses, expiresAt, returnUrl, createdAt } = event.data;
      await tx.query(
        `INSERT INTO ${tables.links} (link_id, tenant_id, code, description, amount_paisa, min_amount_paisa, max_amount_paisa, gateways, max_uses, expires_at, return_url, created_at, stream_version)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8::text[], $9, $10, $11, $12, $13) ON CONFLICT (link_id) DO NOTHING`,
        [linkId, tenantId, code, description, amountPaisa, minAmountPaisa, maxAmountPaisa, gateways, maxUses, expiresAt, returnUrl, createdAt, version],
      );
      return;
    }
    case PAYMENT_LINK_USED: {
      const { linkId, tenantId, paymentId, amountPaisa, payerName, payerPhone, usedAt } = event.data;
      const added = await tx.query(
        `INSERT INTO ${tables.payments} (payment_id, link_id, tenant_id, amount_paisa, payer_name, payer_phone, used_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (payment_id) DO NOTHING RETURNING payment_id`,
        [paymentId, linkId, tenantId, amountPaisa, payerName, payerPhone, usedAt],
      );
      if (added.length > 0) await tx.query(`UPDATE ${tables.links} SET uses = uses + 1, stream_version = $2 WHERE link_id = $1`, [linkId, version]);
      return;
    }
    case PAYMENT_LINK_DISABLED:
      await tx.query(`UPDATE ${tables.links} SET disabled_at = $2, stream_version = $3 WHERE link_id = $1 AND stream_version < $3`, [event.data.linkId, event.data.disabledAt, version]);
  }
}

/**
 * A decision on a payment made through a link: its row follows, and its link counts it verified when it first becomes
 * so (an approval after a review makes a payment verified that was not). A decision read again (its version is not
 * after the row's) changes nothing. Payments of no link are in neither table: nothing changes.
 */
async function applyDecision(tx: SqlExecutor, paymentId: string, status: PaymentStatus, version: number, tables: Tables): Promise<void> {
  const changed = await tx.query<{ link_id: string; before: PaymentStatus }>(
    `WITH before AS (SELECT payment_id, status FROM ${tables.payments} WHERE payment_id = $1 AND decided_version < $3)
     UPDATE ${tables.payments} AS p SET status = $2, decided_version = $3 FROM before WHERE p.payment_id = before.payment_id
     RETURNING p.link_id::text AS link_id, before.status AS before`,
    [paymentId, status, version],
  );
  if (changed.length > 0 && status === 'verified' && changed[0].before !== 'verified') {
    await tx.query(`UPDATE ${tables.links} SET verified = verified + 1 WHERE link_id = $1`, [changed[0].link_id]);
  }
}

/** `rm_payment_links`: each link, its uses and its verified payments; `rm_payment_link_payments`: its payments, their payers and states. */
export const paymentLinksProjection: Projection<Tables> = {
  ...PAYMENT_LINKS_PROJECTION,

  async apply(tx, events, tables): Promise<void> {
    for (const event of events) {
      if (isPaymentLinkEvent(event)) await applyLink(tx, event, tables);
      else if (isPaymentDecision(event)) await applyDecision(tx, event.data.paymentId, paymentDecision(event).status, event.streamVersion, tables);
    }
  },
};

import { Gateway, Paisa, PaymentStatus } from '@pvs/contracts';
import { SqlExecutor } from '@pvs/sql';

/** A link as listed: its terms, its uses and how many of its payments were verified. */
export interface ListedPaymentLink {
  readonly linkId: string;
  readonly tenantId: string;
  readonly code: string;
  readonly description: string | null;
  readonly amountPaisa: Paisa | null;
  readonly minAmountPaisa: Paisa;
  readonly maxAmountPaisa: Paisa;
  readonly gateways: readonly Gateway[];
  readonly maxUses: number | null;
  readonly expiresAt: Date | null;
  readonly returnUrl: string | null;
  readonly createdAt: Date;
  readonly disabledAt: Date | null;
  readonly uses: number;
  readonly verified: number;
}

/** A payment made through a link, with what its payer chose to tell the merchant. */
export interface LinkPaymentView {
  readonly paymentId: string;
  readonly amountPaisa: Paisa;
  /** As stored: sealed payer data (the payment's key opens it), or as given before sealing. */
  readonly payerName: string | null;
  readonly payerPhone: string | null;
  readonly status: PaymentStatus;
  readonly usedAt: Date;
}

interface LinkRow {
  link_id: string;
  tenant_id: string;
  code: string;
  description: string | null;
  amount_paisa: string | null;
  min_amount_paisa: string;
  max_amount_paisa: string;
  gateways: Gateway[];
  max_uses: number | null;
  expires_at: Date | null;
  return_url: string | null;
  created_at: Date;
  disabled_at: Date | null;
  uses: number;
  verified: number;
}

interface PaymentRow {
  payment_id: string;
  amount_paisa: string;
  payer_name: string | null;
  payer_phone: string | null;
  status: PaymentStatus;
  used_at: Date;
}

/** The payment links as the projector keeps them (a moment behind the log): newest first. */
export class PaymentLinkViews {
  constructor(private readonly sql: SqlExecutor) {}

  async list(query: { readonly tenantId?: string; readonly limit: number }): Promise<ListedPaymentLink[]> {
    const rows = await this.sql.query<LinkRow>(
      `SELECT link_id::text AS link_id, tenant_id::text AS tenant_id, code, description, amount_paisa, min_amount_paisa, max_amount_paisa, gateways, max_uses,
              expires_at, return_url, created_at, disabled_at, uses, verified
       FROM rm_payment_links WHERE ($1::uuid IS NULL OR tenant_id = $1) ORDER BY created_at DESC, link_id LIMIT $2`,
      [query.tenantId ?? null, query.limit],
    );
    return rows.map((row) => ({
      linkId: row.link_id,
      tenantId: row.tenant_id,
      code: row.code,
      description: row.description,
      amountPaisa: row.amount_paisa === null ? null : Number(row.amount_paisa),
      minAmountPaisa: Number(row.min_amount_paisa),
      maxAmountPaisa: Number(row.max_amount_paisa),
      gateways: row.gateways,
      maxUses: row.max_uses,
      expiresAt: row.expires_at,
      returnUrl: row.return_url,
      createdAt: row.created_at,
      disabledAt: row.disabled_at,
      uses: row.uses,
      verified: row.verified,
    }));
  }

  /** The payments made through a link of the tenant, newest first. */
  async payments(tenantId: string, linkId: string, limit: number): Promise<LinkPaymentView[]> {
    const rows = await this.sql.query<PaymentRow>(
      `SELECT payment_id::text AS payment_id, amount_paisa, payer_name, payer_phone, status, used_at FROM rm_payment_link_payments
       WHERE tenant_id = $1 AND link_id = $2 ORDER BY used_at DESC, payment_id LIMIT $3`,
      [tenantId, linkId, limit],
    );
    return rows.map((row) => ({ paymentId: row.payment_id, amountPaisa: Number(row.amount_paisa), payerName: row.payer_name, payerPhone: row.payer_phone, status: row.status, usedAt: row.used_at }));
  }
}

import { ApiSchema } from '@nestjs/swagger';
import { GATEWAYS, Gateway, LinkAmount, PAYMENT_STATUSES, PaymentStatus, paisaToPkr } from '@pvs/contracts';
import { ChoiceProperty, CountProperty, DateTimeProperty, JsonObjectProperty, PkrProperty, TextProperty, UrlProperty, UuidProperty } from '@pvs/contracts/http';
import { LinkAvailability, LinkLimits, PaymentLink, linkAvailability } from '@pvs/domain';
import { LinkPaymentView, ListedPaymentLink } from '@pvs/read-model';
import { LinkOpens } from './pay-page/page-views';

const LINK_STATES: readonly LinkAvailability[] = ['open', 'disabled', 'expired', 'used_up'];

/** What every answer about a link says, whether folded from its stream or listed from the read model. */
interface LinkShown extends LinkLimits {
  readonly id: string;
  readonly code: string;
  readonly description: string | null;
  readonly amount: LinkAmount;
  readonly gateways: readonly Gateway[];
  readonly createdAt: string;
  readonly uses: number;
}

/** A link's terms and state. */
@ApiSchema({ name: 'PaymentLinkSummary' })
export class PaymentLinkSummary {
  @UuidProperty() readonly id!: string;
  @TextProperty({ description: 'The public part of its address' }) readonly code!: string;
  @UrlProperty({ description: 'The page payers open: share it, or its QR image' }) readonly url!: string;
  @UrlProperty({ description: 'An SVG QR code of `url`' }) readonly qr_url!: string;
  @ChoiceProperty(LINK_STATES, { description: 'Whether it takes payments now, and if not, why' }) readonly status!: LinkAvailability;
  @PkrProperty({ nullable: true, description: 'What the payer pays; null when the payer enters it' }) readonly amount!: number | null;
  @PkrProperty() readonly min_amount!: number;
  @PkrProperty() readonly max_amount!: number;
  @TextProperty({ nullable: true }) readonly description!: string | null;
  @ChoiceProperty(GATEWAYS, { isArray: true }) readonly gateways!: readonly Gateway[];
  @CountProperty({ nullable: true, description: 'null: no limit' }) readonly max_uses!: number | null;
  @CountProperty({ description: 'Payments registered through it' }) readonly uses!: number;
  @DateTimeProperty({ nullable: true }) readonly expires_at!: string | null;
  @DateTimeProperty() readonly created_at!: string;
  @DateTimeProperty({ nullable: true }) readonly disabled_at!: string | null;

  static ofShown(link: LinkShown, baseUrl: string, now: Date): PaymentLinkSummary {
    const url = `${baseUrl}/pay/${link.code}`;
    return {
      id: link.id,
      code: link.code,
      url,
      qr_url: `${url}/qr.svg`,
      status: linkAvailability(link, link.uses, now),
      amount: link.amount.amountPaisa === null ? null : paisaToPkr(link.amount.amountPaisa),
      min_amount: paisaToPkr(link.amount.minAmountPaisa),
      max_amount: paisaToPkr(link.amount.maxAmountPaisa),
      description: link.description,
      gateways: link.gateways,
      max_uses: link.maxUses,
      uses: link.uses,
      expires_at: link.expiresAt,
      created_at: link.createdAt,
      disabled_at: link.disabledAt,
    };
  }
}

/** A payment link as it stands now, folded from its own stream. */
@ApiSchema({ name: 'PaymentLink' })
export class PaymentLinkResponse extends PaymentLinkSummary {
  @UrlProperty({ nullable: true }) readonly return_url!: string | null;
  @JsonObjectProperty({ nullable: true }) readonly client_metadata!: Record<string, unknown> | null;

  static of(link: PaymentLink, baseUrl: string, now: Date): PaymentLinkResponse {
    return { ...PaymentLinkSummary.ofShown({ ...link, uses: link.paymentIds.length }, baseUrl, now), return_url: link.returnUrl, client_metadata: link.clientMetadata };
  }
}

/** A payment link in a list, with its conversion: opened, submitted (`uses`), verified (the read model, a moment behind). */
@ApiSchema({ name: 'ListedPaymentLink' })
export class ListedPaymentLinkResponse extends PaymentLinkSummary {
  @UuidProperty() readonly tenant_id!: string;
  @CountProperty({ description: 'Client addresses that opened its page while it was open, each once a day' }) readonly opened!: number;
  @CountProperty({ description: 'Times its page was shown open' }) readonly views!: number;
  @CountProperty({ description: 'Its payments verified (by SMS or an operator)' }) readonly verified!: number;

  static ofListed(link: ListedPaymentLink, opens: LinkOpens | undefined, baseUrl: string, now: Date): ListedPaymentLinkResponse {
    const shown: LinkShown = {
      id: link.linkId,
      code: link.code,
      description: link.description,
      amount: { amountPaisa: link.amountPaisa, minAmountPaisa: link.minAmountPaisa, maxAmountPaisa: link.maxAmountPaisa },
      gateways: link.gateways,
      maxUses: link.maxUses,
      expiresAt: link.expiresAt?.toISOString() ?? null,
      createdAt: link.createdAt.toISOString(),
      disabledAt: link.disabledAt?.toISOString() ?? null,
      uses: link.uses,
    };
    return { ...PaymentLinkSummary.ofShown(shown, baseUrl, now), tenant_id: link.tenantId, opened: opens?.visitors ?? 0, views: opens?.views ?? 0, verified: link.verified };
  }
}

/** A payment made through a link, with what its payer chose to tell the merchant (personal data: the merchant's only). */
@ApiSchema({ name: 'LinkPayment' })
export class LinkPaymentResponse {
  @UuidProperty() readonly uuid!: string;
  @PkrProperty() readonly amount!: number;
  @ChoiceProperty(PAYMENT_STATUSES) readonly status!: PaymentStatus;
  @TextProperty({ nullable: true, description: 'As the payer gave it; null when not given, or once erased' }) readonly payer_name!: string | null;
  @TextProperty({ nullable: true, description: 'As the payer gave it; null when not given, or once erased' }) readonly payer_phone!: string | null;
  @DateTimeProperty() readonly submitted_at!: string;

  /** `payer`: what the payer told, opened (the view holds it sealed). */
  static of(payment: LinkPaymentView, payer: { readonly name: string | null; readonly phone: string | null }): LinkPaymentResponse {
    return {
      uuid: payment.paymentId,
      amount: paisaToPkr(payment.amountPaisa),
      status: payment.status,
      payer_name: payer.name,
      payer_phone: payer.phone,
      submitted_at: payment.usedAt.toISOString(),
    };
  }
}

import { ApiSchema } from '@nestjs/swagger';
import { GATEWAYS, Gateway, paisaToPkr } from '@pvs/contracts';
import { ChoiceProperty, CountProperty, DateTimeProperty, JsonObjectProperty, PkrProperty, TextProperty, UrlProperty, UuidProperty } from '@pvs/contracts/http';
import { LinkAvailability, PaymentLink, linkAvailability } from '@pvs/domain';

const LINK_STATES: readonly LinkAvailability[] = ['open', 'disabled', 'expired', 'used_up'];

/** A payment link as merchants and operators see it. */
@ApiSchema({ name: 'PaymentLink' })
export class PaymentLinkResponse {
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
  @UrlProperty({ nullable: true }) readonly return_url!: string | null;
  @JsonObjectProperty({ nullable: true }) readonly client_metadata!: Record<string, unknown> | null;
  @DateTimeProperty() readonly created_at!: string;
  @DateTimeProperty({ nullable: true }) readonly disabled_at!: string | null;

  static of(link: PaymentLink, baseUrl: string, now: Date): PaymentLinkResponse {
    const url = `${baseUrl}/pay/${link.code}`;
    return {
      id: link.id,
      code: link.code,
      url,
      qr_url: `${url}/qr.svg`,
      status: linkAvailability(link, now),
      amount: link.amount.amountPaisa === null ? null : paisaToPkr(link.amount.amountPaisa),
      min_amount: paisaToPkr(link.amount.minAmountPaisa),
      max_amount: paisaToPkr(link.amount.maxAmountPaisa),
      description: link.description,
      gateways: link.gateways,
      max_uses: link.maxUses,
      uses: link.paymentIds.length,
      expires_at: link.expiresAt,
      return_url: link.returnUrl,
      client_metadata: link.clientMetadata,
      created_at: link.createdAt,
      disabled_at: link.disabledAt,
    };
  }
}

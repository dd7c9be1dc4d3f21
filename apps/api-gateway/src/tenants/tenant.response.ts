import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import {
  ALERT_WEBHOOK_EVENTS,
  AlertWebhookEvent,
  BALANCE_CHECK_MODES,
  BalanceCheckMode,
  PAYER_DATA_RETENTION_DAYS,
  TENANT_STATUSES,
  TenantStatus,
  VERIFICATION_POLICIES,
  VerificationPolicy,
} from '@pvs/contracts';
import { Tenant } from '@pvs/domain';
import { ChoiceProperty, CountProperty, DateTimeProperty, FlagProperty, IntegerProperty, TextProperty, UrlProperty, UuidProperty } from '@pvs/contracts/http';

/** A list per gateway; a gateway left out has its default. */
@ApiSchema({ name: 'PerGatewayList' })
export class PerGatewayListResponse {
  @TextProperty({ isArray: true, required: false }) readonly wallet_one?: readonly string[];
  @TextProperty({ isArray: true, required: false }) readonly wallet_two?: readonly string[];
  @TextProperty({ isArray: true, required: false }) readonly bank?: readonly string[];
}

/** A tenant as the admin API shows it: never its secrets. */
@ApiSchema({ name: 'Tenant' })
export class TenantResponse {
  @UuidProperty() readonly id!: string;
  @TextProperty() readonly name!: string;
  @ChoiceProperty(TENANT_STATUSES) readonly status!: TenantStatus;
  @CountProperty() readonly unpaid_cycles!: number;
  @IntegerProperty({ minimum: 1 }) readonly unpaid_cycle_limit!: number;
  @UrlProperty({ nullable: true }) readonly webhook_url!: string | null;
  @ApiProperty({ type: PerGatewayListResponse, nullable: true }) readonly allowed_senders!: PerGatewayListResponse | null;
  @ApiProperty({ type: PerGatewayListResponse, nullable: true }) readonly receiving_accounts!: PerGatewayListResponse | null;
  @ChoiceProperty(BALANCE_CHECK_MODES) readonly balance_check!: BalanceCheckMode;
  @ChoiceProperty(VERIFICATION_POLICIES) readonly verification_policy!: VerificationPolicy;
  @ChoiceProperty(ALERT_WEBHOOK_EVENTS, { isArray: true, description: 'The alert webhooks the merchant receives besides the payment webhooks' })
  readonly alert_webhooks!: readonly AlertWebhookEvent[];
  @TextProperty({ nullable: true, description: "The Raast QR payload its bank issued, shown as a QR on its payment links' pages" }) readonly raast_qr!: string | null;
  @IntegerProperty({ minimum: PAYER_DATA_RETENTION_DAYS.min, maximum: PAYER_DATA_RETENTION_DAYS.max, description: "Days its payers' data (SMS text, names, numbers) is kept before it is erased, unless a payment it reaches is still pending or in review" })
  readonly payer_data_retention_days!: number;
  @FlagProperty({ description: "Whether the tenant gave its Twilio auth token, so that Twilio's signature is checked on its Twilio SMS (the token itself is never shown)" })
  readonly twilio_signature_check!: boolean;
  @DateTimeProperty() readonly created_at!: string;

  static of(tenant: Tenant): TenantResponse {
    return {
      id: tenant.id,
      name: tenant.name,
      status: tenant.status,
      unpaid_cycles: tenant.unpaidCycles,
      unpaid_cycle_limit: tenant.unpaidCycleLimit,
      webhook_url: tenant.webhookUrl,
      allowed_senders: tenant.allowedSenders,
      receiving_accounts: tenant.receivingAccounts,
      balance_check: tenant.balanceCheck,
      verification_policy: tenant.verificationPolicy,
      alert_webhooks: tenant.alertWebhooks,
      raast_qr: tenant.raastQr,
      payer_data_retention_days: tenant.payerDataRetentionDays,
      twilio_signature_check: tenant.twilioAuthToken !== null,
      created_at: tenant.createdAt,
    };
  }
}

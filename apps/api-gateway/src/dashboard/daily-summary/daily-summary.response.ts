import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import { Gateway, PaymentStatus, paisaToPkr } from '@pvs/contracts';
import { DailyBucket, TenantDailySummary } from '@pvs/read-model';
import { CountProperty, NumberProperty, PkrProperty, TextProperty, UuidProperty } from '@pvs/contracts/http';

/** Payments, and their amount expected. */
@ApiSchema({ name: 'DailyBucket' })
export class DailyBucketResponse {
  @CountProperty() readonly count!: number;
  @PkrProperty() readonly amount!: number;

  static of(bucket: DailyBucket): DailyBucketResponse {
    return { count: bucket.payments, amount: paisaToPkr(bucket.amountPaisa) };
  }
}

const Bucket = () => ApiProperty({ type: DailyBucketResponse });

@ApiSchema({ name: 'PaymentsByStatus' })
export class PaymentsByStatusResponse implements Record<PaymentStatus, DailyBucketResponse> {
  @Bucket() readonly pending!: DailyBucketResponse;
  @Bucket() readonly verified!: DailyBucketResponse;
  @Bucket() readonly manual_review!: DailyBucketResponse;
  @Bucket() readonly failed!: DailyBucketResponse;

  static of(byStatus: Readonly<Record<PaymentStatus, DailyBucket>>): PaymentsByStatusResponse {
    return {
      pending: DailyBucketResponse.of(byStatus.pending),
      verified: DailyBucketResponse.of(byStatus.verified),
      manual_review: DailyBucketResponse.of(byStatus.manual_review),
      failed: DailyBucketResponse.of(byStatus.failed),
    };
  }
}

@ApiSchema({ name: 'PaymentsByGateway' })
export class PaymentsByGatewayResponse implements Record<Gateway, DailyBucketResponse> {
  @Bucket() readonly wallet_one!: DailyBucketResponse;
  @Bucket() readonly wallet_two!: DailyBucketResponse;
  @Bucket() readonly bank!: DailyBucketResponse;

  static of(byGateway: Readonly<Record<Gateway, DailyBucket>>): PaymentsByGatewayResponse {
    return { wallet_one: DailyBucketResponse.of(byGateway.wallet_one), wallet_two: DailyBucketResponse.of(byGateway.wallet_two), bank: DailyBucketResponse.of(byGateway.bank) };
  }
}

/** A tenant's payments registered on the day, as they stand now. */
@ApiSchema({ name: 'TenantDay' })
export class TenantDayResponse {
  @UuidProperty() readonly tenant_id!: string;
  @TextProperty({ nullable: true }) readonly tenant_name!: string | null;
  @CountProperty() readonly registered!: number;
  @ApiProperty({ type: PaymentsByStatusResponse, description: 'payments registered that day, by their status now' }) readonly by_status!: PaymentsByStatusResponse;
  @ApiProperty({ type: PaymentsByGatewayResponse }) readonly by_gateway!: PaymentsByGatewayResponse;
  @NumberProperty({ nullable: true, minimum: 0, maximum: 1, description: 'verified / registered' }) readonly match_rate!: number | null;
  @NumberProperty({ nullable: true, minimum: 0 }) readonly median_seconds_to_verify!: number | null;

  static of(summary: TenantDailySummary, tenantName: string | null): TenantDayResponse {
    return {
      tenant_id: summary.tenantId,
      tenant_name: tenantName,
      registered: summary.registered,
      by_status: PaymentsByStatusResponse.of(summary.byStatus),
      by_gateway: PaymentsByGatewayResponse.of(summary.byGateway),
      match_rate: summary.matchRate,
      median_seconds_to_verify: summary.medianSecondsToVerify,
    };
  }
}

/** Per tenant, the payments registered on one Asia/Karachi day. */
@ApiSchema({ name: 'DailySummary' })
export class DailySummaryResponse {
  @ApiProperty({ type: String, format: 'date' }) readonly date!: string;
  @ApiProperty({ type: [TenantDayResponse] }) readonly tenants!: readonly TenantDayResponse[];

  /** `tenants`: each summary with its tenant's name (null for a tenant not known here), in the order shown. */
  static of(date: string, tenants: readonly { readonly summary: TenantDailySummary; readonly name: string | null }[]): DailySummaryResponse {
    return { date, tenants: tenants.map(({ summary, name }) => TenantDayResponse.of(summary, name)) };
  }
}

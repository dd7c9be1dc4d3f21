import { ApiSchema } from '@nestjs/swagger';
import { GATEWAYS, Gateway, MoneyDirection, paisaToPkr } from '@pvs/contracts';
import { SmsGapView } from '@pvs/read-model';
import { ChoiceProperty, DateTimeProperty, PkrProperty, TextProperty, UuidProperty } from '@pvs/contracts/http';

const DIRECTIONS: readonly MoneyDirection[] = ['credit', 'debit'];

/** Money that moved between two SMS of one account with no SMS seen for it. */
@ApiSchema({ name: 'SmsGap' })
export class SmsGapResponse {
  @UuidProperty() readonly gap_id!: string;
  @UuidProperty() readonly tenant_id!: string;
  @ChoiceProperty(GATEWAYS) readonly gateway!: Gateway;
  @TextProperty({ nullable: true, description: 'The account as its SMS name it; null for a wallet whose SMS name none' }) readonly account!: string | null;
  @ChoiceProperty(DIRECTIONS, { description: '`credit`: money came in that no SMS seen explains (a payment unseen); `debit`: it went out' }) readonly direction!: MoneyDirection;
  @PkrProperty({ description: 'PKR moved unseen (the sum, if several SMS are missing)' }) readonly amount!: number;
  @DateTimeProperty({ description: 'When the SMS before the gap was received' }) readonly window_start!: string;
  @DateTimeProperty({ description: 'When the SMS after the gap was received' }) readonly window_end!: string;
  @UuidProperty({ isArray: true, description: "The tenant's payments pending of that gateway and exactly that amount when the gap was found, nearest the window first" })
  readonly candidate_payment_ids!: readonly string[];
  @DateTimeProperty() readonly detected_at!: string;
  @DateTimeProperty({ nullable: true, description: 'When an SMS that arrived late explained it' }) readonly filled_at!: string | null;

  static of(gap: SmsGapView): SmsGapResponse {
    return {
      gap_id: gap.gapId,
      tenant_id: gap.tenantId,
      gateway: gap.gateway,
      account: gap.account,
      direction: gap.direction,
      amount: paisaToPkr(gap.amountPaisa),
      window_start: gap.windowStart.toISOString(),
      window_end: gap.windowEnd.toISOString(),
      candidate_payment_ids: gap.candidatePaymentIds,
      detected_at: gap.detectedAt.toISOString(),
      filled_at: gap.filledAt?.toISOString() ?? null,
    };
  }
}

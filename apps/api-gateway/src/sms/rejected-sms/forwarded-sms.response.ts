import { ApiSchema } from '@nestjs/swagger';
import { GATEWAYS, paisaToPkr } from '@pvs/contracts';
import { SmsView } from '@pvs/read-model';
import { ChoiceProperty, DateTimeProperty, PkrProperty, TextProperty, UuidProperty } from '@pvs/contracts/http';

export const SMS_STATES: readonly SmsView['state'][] = ['received', 'parsed', 'rejected'];

/** A forwarded SMS as operators see it: what it said, how it was read, and what it decided. */
@ApiSchema({ name: 'ForwardedSms' })
export class ForwardedSmsResponse {
  @UuidProperty() readonly sms_id!: string;
  @UuidProperty() readonly tenant_id!: string;
  @TextProperty() readonly sender!: string;
  @TextProperty({ nullable: true, description: 'What the SMS said; null once its payer data is erased (retention or an erasure)' }) readonly body!: string | null;
  @TextProperty() readonly source!: string;
  @DateTimeProperty({ nullable: true }) readonly received_at!: string | null;
  @DateTimeProperty() readonly recorded_at!: string;
  @ChoiceProperty(SMS_STATES) readonly state!: SmsView['state'];
  @TextProperty({ nullable: true }) readonly rejection_reason!: string | null;
  @ChoiceProperty(GATEWAYS, { nullable: true }) readonly gateway!: string | null;
  @TextProperty({ nullable: true }) readonly reference!: string | null;
  @PkrProperty({ nullable: true }) readonly amount!: number | null;
  @UuidProperty({ nullable: true }) readonly transaction_uuid!: string | null;
  @TextProperty({ nullable: true }) readonly outcome!: string | null;
  @TextProperty({
    nullable: true,
    description: 'For a rejected SMS: the template that would read it now (learned or promoted since, or its sender allowed since); `POST /admin/sms/reparse` applies it',
  })
  readonly readable_by!: string | null;

  /** `body`: its text, opened (null once erased); `readableBy`: which template would read it now (see ReadableBy). */
  static of(sms: SmsView, body: string | null, readableBy: string | null): ForwardedSmsResponse {
    return {
      sms_id: sms.smsId,
      tenant_id: sms.tenantId,
      sender: sms.sender,
      body,
      source: sms.source,
      received_at: sms.receivedAt?.toISOString() ?? null,
      recorded_at: sms.recordedAt.toISOString(),
      state: sms.state,
      rejection_reason: sms.rejectionReason,
      gateway: sms.gateway,
      reference: sms.reference,
      amount: sms.amountPaisa === null ? null : paisaToPkr(sms.amountPaisa),
      transaction_uuid: sms.paymentId,
      outcome: sms.outcome,
      readable_by: readableBy,
    };
  }
}

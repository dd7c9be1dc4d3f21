import { ApiSchema } from '@nestjs/swagger';
import { ALERT_KINDS, AlertKind } from '@pvs/contracts';
import { AlertView } from '@pvs/read-model';
import { ChoiceProperty, DateTimeProperty, JsonObjectProperty, TextProperty, UuidProperty } from '@pvs/contracts/http';
import { describeAlert } from './describe-alert';

@ApiSchema({ name: 'Alert' })
export class AlertResponse {
  @UuidProperty() readonly alert_id!: string;
  @UuidProperty() readonly tenant_id!: string;
  @ChoiceProperty(ALERT_KINDS) readonly kind!: AlertKind;
  @UuidProperty({ description: 'The forwarder, gap or payment it is about' }) readonly subject_id!: string;
  @TextProperty({ description: 'The alert in a sentence' }) readonly summary!: string;
  @JsonObjectProperty({ description: 'The fact that raised it, as recorded (ForwarderWentSilent, SmsGapSuspected, PaymentStalled or PaymentFlaggedForReview)' })
  readonly details!: Readonly<Record<string, unknown>>;
  @DateTimeProperty() readonly raised_at!: string;
  @DateTimeProperty({ nullable: true, description: 'When what raised it ended: the phone spoke, the SMS arrived, the payment was decided' }) readonly cleared_at!: string | null;
  @TextProperty({ nullable: true, description: 'What ended it: forwarder.recovered, forwarder.retired, sms.gap_filled, payment.verified, payment.failed, payment.manual_review' })
  readonly cleared_by!: string | null;
  @DateTimeProperty({ nullable: true }) readonly acknowledged_at!: string | null;
  @TextProperty({ nullable: true, description: 'The operator who acknowledged it' }) readonly acknowledged_by!: string | null;
  @TextProperty({ nullable: true }) readonly note!: string | null;

  static of(alert: AlertView): AlertResponse {
    return {
      alert_id: alert.alertId,
      tenant_id: alert.tenantId,
      kind: alert.kind,
      subject_id: alert.subjectId,
      summary: describeAlert(alert),
      details: alert.details,
      raised_at: alert.raisedAt.toISOString(),
      cleared_at: alert.clearedAt?.toISOString() ?? null,
      cleared_by: alert.clearedBy,
      acknowledged_at: alert.acknowledgedAt?.toISOString() ?? null,
      acknowledged_by: alert.acknowledgedBy,
      note: alert.note,
    };
  }
}

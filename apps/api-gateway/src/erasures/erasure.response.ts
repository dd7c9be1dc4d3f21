import { ApiSchema } from '@nestjs/swagger';
import { ChoiceProperty, CountProperty, DateTimeProperty, TextProperty, UuidProperty } from '@pvs/contracts/http';
import { Erasure } from './erase-payer-data.handler';

const TARGETS = ['payment', 'sms', 'mobile'] as const;

/** An erasure as recorded: what was named, which payer data it reached, who erased it and why. */
@ApiSchema({ name: 'Erasure' })
export class ErasureResponse {
  @UuidProperty() readonly erasure_id!: string;
  @UuidProperty() readonly tenant_id!: string;
  @ChoiceProperty(TARGETS, { description: 'What was named: a payment, an SMS, or a payer by mobile number' }) readonly target!: (typeof TARGETS)[number];
  @UuidProperty({ nullable: true, description: 'Its id; null for a mobile number, which is not recorded (it is the very data erased)' }) readonly target_id!: string | null;
  @TextProperty({ isArray: true, description: 'Whose payer data it reaches: `payment/<uuid>` and `sms/<id>`, the target (for a number, every subject whose data holds it) and what each was matched with' })
  readonly subjects!: readonly string[];
  @CountProperty({ description: 'Keys this request destroyed (a subject erased before, by retention or another request, counts no more)' })
  readonly keys_destroyed!: number;
  @TextProperty() readonly reason!: string;
  @TextProperty() readonly erased_by!: string;
  @DateTimeProperty() readonly erased_at!: string;

  static of({ erased, keysDestroyed }: Erasure): ErasureResponse {
    return {
      erasure_id: erased.erasureId,
      tenant_id: erased.tenantId,
      target: erased.target.kind,
      target_id: erased.target.kind === 'mobile' ? null : erased.target.id,
      subjects: erased.subjects,
      keys_destroyed: keysDestroyed,
      reason: erased.reason,
      erased_by: erased.erasedBy,
      erased_at: erased.erasedAt,
    };
  }
}

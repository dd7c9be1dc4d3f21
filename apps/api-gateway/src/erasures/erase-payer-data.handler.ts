import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { ErasureTarget, PayerDataErasedData, PayerSubject, SMS_MATCHED, erasureStream, paymentStream, paymentSubject, smsStream, smsSubject } from '@pvs/contracts';
import { ErasureRequest, PAYMENT_NOT_FOUND, Principal, Result, erasureDecider, paymentDecider, refused, smsDecider, succeed } from '@pvs/domain';
import { EVENT_STORE, EventStore, aggregateStream, handleCommand } from '@pvs/event-store';
import { PAYER_DATA_VAULT, PayerDataVault } from '@pvs/payer-data';
import { CLOCK, Clock } from '@pvs/runtime';

/** An erasure as recorded, and how many of its subjects' keys this request destroyed (the others were already). */
export interface Erasure {
  readonly erased: PayerDataErasedData;
  readonly keysDestroyed: number;
}

/** What an erasure reaches: the target's tenant and subjects, and the payment whose state decides whether it may. */
type Reach = Pick<ErasureRequest, 'tenantId' | 'payment' | 'subjects'>;

/**
 * An operator erases a payer's data, named by a payment or an SMS: recorded first (who, why, which subjects), then
 * the subjects' keys destroyed, so every copy reads as erased. Refused while the payment it reaches is undecided.
 */
@Injectable()
export class ErasePayerDataHandler {
  constructor(
    @Inject(EVENT_STORE) private readonly events: EventStore,
    @Inject(PAYER_DATA_VAULT) private readonly vault: PayerDataVault,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async erase(target: ErasureTarget, reason: string, by: Principal, correlationId: string): Promise<Result<Erasure>> {
    const reach = target.kind === 'payment' ? await this.paymentReach(target.id) : await this.smsReach(target.id);
    if (!reach.ok) return reach;
    const request: ErasureRequest = { erasureId: randomUUID(), target, reason, by, now: this.clock.now(), ...reach.value };
    const recorded = await handleCommand(this.events, erasureStream(request.erasureId), erasureDecider, request, { metadata: { tenantId: request.tenantId, correlationId } });
    if (!recorded.ok) return recorded;
    if (!recorded.state) throw new Error(`Erasure ${request.erasureId} was not recorded`);
    const destroyed = await this.vault.shred(request.subjects, 'erasure', request.now);
    return succeed({ erased: recorded.state, keysDestroyed: destroyed.length });
  }

  private async paymentReach(paymentId: string): Promise<Result<Reach>> {
    const { state: payment } = await aggregateStream(this.events, paymentStream(paymentId), paymentDecider);
    if (!payment) return refused('not_found', PAYMENT_NOT_FOUND);
    const subjects: PayerSubject[] = [paymentSubject(paymentId), ...(payment.smsId ? [smsSubject(payment.smsId)] : [])];
    return succeed({ tenantId: payment.tenantId, payment: { paymentId, status: payment.status }, subjects });
  }

  private async smsReach(smsId: string): Promise<Result<Reach>> {
    const { state: sms } = await aggregateStream(this.events, smsStream(smsId), smsDecider);
    if (!sms.received) return refused('not_found', 'SMS not found');
    const matched = sms.outcomes.findLast((outcome) => outcome.type === SMS_MATCHED)?.data.paymentId;
    if (!matched) return succeed({ tenantId: sms.received.tenantId, payment: null, subjects: [smsSubject(smsId)] });
    const { state: payment } = await aggregateStream(this.events, paymentStream(matched), paymentDecider);
    return succeed({
      tenantId: sms.received.tenantId,
      payment: payment && { paymentId: matched, status: payment.status },
      subjects: [smsSubject(smsId), paymentSubject(matched)],
    });
  }
}

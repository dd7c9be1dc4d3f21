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

/** What an operator names: a payment or an SMS by id, or a tenant's payer by mobile number (one form). */
export type ErasureNamed = { readonly kind: 'payment' | 'sms'; readonly id: string } | { readonly kind: 'mobile'; readonly tenantId: string; readonly mobile: string };

/** What an erasure reaches: the tenant, the subjects, and the payments whose state decides whether it may. */
type Reach = Pick<ErasureRequest, 'tenantId' | 'payments' | 'subjects'>;

/**
 * An operator erases a payer's data, named by a payment, an SMS or a mobile number: recorded first (who, why, which
 * subjects), then the subjects' keys destroyed, so every copy reads as erased. Refused while a payment it reaches is
 * undecided.
 */
@Injectable()
export class ErasePayerDataHandler {
  constructor(
    @Inject(EVENT_STORE) private readonly events: EventStore,
    @Inject(PAYER_DATA_VAULT) private readonly vault: PayerDataVault,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async erase(named: ErasureNamed, reason: string, by: Principal, correlationId: string): Promise<Result<Erasure>> {
    const reach = named.kind === 'mobile' ? await this.mobileReach(named.tenantId, named.mobile) : await this.reachOf(named.kind === 'payment' ? paymentSubject(named.id) : smsSubject(named.id));
    if (!reach.ok) return reach;
    const target: ErasureTarget = named.kind === 'mobile' ? { kind: 'mobile' } : named;
    const request: ErasureRequest = { erasureId: randomUUID(), target, reason, by, now: this.clock.now(), ...reach.value };
    const recorded = await handleCommand(this.events, erasureStream(request.erasureId), erasureDecider, request, { metadata: { tenantId: request.tenantId, correlationId } });
    if (!recorded.ok) return recorded;
    if (!recorded.state) throw new Error(`Erasure ${request.erasureId} was not recorded`);
    const destroyed = await this.vault.shred(request.subjects, 'erasure', request.now);
    return succeed({ erased: recorded.state, keysDestroyed: destroyed.length });
  }

  /** Every subject whose data holds the number, and what each was matched with. */
  private async mobileReach(tenantId: string, mobile: string): Promise<Result<Reach>> {
    const found = await this.vault.subjectsOfMobile(tenantId, mobile);
    if (found.length === 0) return refused('not_found', "No payer data of this tenant holds that number (or it was erased)");
    const reaches: Reach[] = [];
    for (const subject of found) {
      const reach = await this.reachOf(subject);
      if (reach.ok) reaches.push(reach.value);
    }
    const payments = new Map(reaches.flatMap((reach) => reach.payments).map((payment) => [payment.paymentId, payment]));
    return succeed({ tenantId, payments: [...payments.values()], subjects: [...new Set(reaches.flatMap((reach) => reach.subjects))] });
  }

  private reachOf(subject: PayerSubject): Promise<Result<Reach>> {
    const [kind, id] = subject.split('/');
    return kind === 'payment' ? this.paymentReach(id) : this.smsReach(id);
  }

  /** A payment, and the SMS that decided it. */
  private async paymentReach(paymentId: string): Promise<Result<Reach>> {
    const { state: payment } = await aggregateStream(this.events, paymentStream(paymentId), paymentDecider);
    if (!payment) return refused('not_found', PAYMENT_NOT_FOUND);
    const subjects: PayerSubject[] = [paymentSubject(paymentId), ...(payment.smsId ? [smsSubject(payment.smsId)] : [])];
    return succeed({ tenantId: payment.tenantId, payments: [{ paymentId, status: payment.status }], subjects });
  }

  /** An SMS, and the payment it was matched with. */
  private async smsReach(smsId: string): Promise<Result<Reach>> {
    const { state: sms } = await aggregateStream(this.events, smsStream(smsId), smsDecider);
    if (!sms.received) return refused('not_found', 'SMS not found');
    const tenantId = sms.received.tenantId;
    const matched = sms.outcomes.findLast((outcome) => outcome.type === SMS_MATCHED)?.data.paymentId;
    if (!matched) return succeed({ tenantId, payments: [], subjects: [smsSubject(smsId)] });
    const { state: payment } = await aggregateStream(this.events, paymentStream(matched), paymentDecider);
    return succeed({ tenantId, payments: payment ? [{ paymentId: matched, status: payment.status }] : [], subjects: [smsSubject(smsId), paymentSubject(matched)] });
  }
}

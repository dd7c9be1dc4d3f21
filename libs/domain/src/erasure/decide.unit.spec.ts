import { PAYER_DATA_ERASED, PayerDataErased, PaymentStatus } from '@pvs/contracts';
import { Principal } from '../operator';
import { DeciderSpecification } from '../testing/decider-specification';
import { ErasureRequest, erasureDecider } from './decide';

const PAYMENT = '0624bddb-56f6-563a-b2e7-89e9a6805223';
const SMS = '9691db6b-d5c4-51b1-8a15-0bb7cbca9836';
const ayesha: Principal = { id: 'op_0a1b2c3d4e5f6071', name: 'Ayesha Siddiqui' };
const NOW = '2026-11-28T09:00:00.000Z';

const request = (status: PaymentStatus | null): ErasureRequest => ({
  erasureId: 'ba7b1195-136c-4dd8-9d63-309d02b3441b',
  tenantId: '173a28ea-cb24-4695-83c5-7ff4c7eff317',
  target: { kind: 'sms', id: SMS },
  payments: status === null ? [] : [{ paymentId: PAYMENT, status }],
  subjects: status === null ? [`sms/${SMS}`] : [`sms/${SMS}`, `payment/${PAYMENT}`],
  reason: 'the payer asked',
  by: ayesha,
  now: new Date(NOW),
});
const erased = (status: PaymentStatus | null): PayerDataErased => {
  const { erasureId, tenantId, target, subjects, reason } = request(status);
  return { type: PAYER_DATA_ERASED, data: { erasureId, tenantId, target, subjects, reason, erasedBy: 'Ayesha Siddiqui', erasedAt: NOW } };
};

const given = DeciderSpecification.for(erasureDecider);

describe('erasureDecider', () => {
  it.each<[string, PaymentStatus | null]>([
    ['an SMS matched with no payment', null],
    ['a verified payment', 'verified'],
    ['a failed payment', 'failed'],
  ])('records the erasure of %s, under the operator’s name', (_, status) => {
    given([]).when(request(status)).then([erased(status)]);
  });

  it('refuses while the payment is pending or in review: its evidence may yet decide it', () => {
    given([]).when(request('pending')).thenRefuses({ kind: 'conflict', message: `Payment ${PAYMENT} is still pending: its evidence may yet decide it. Erase it once it is verified, failed or expired` });
    given([]).when(request('manual_review')).thenRefuses({ kind: 'conflict', message: `Payment ${PAYMENT} is in manual review: its evidence is what the review decides on. Erase it once it is approved or rejected` });
  });

  it('refuses when any payment it reaches is undecided, naming the first', () => {
    const other = 'c5a3c2f0-7e1d-4f3b-9a8e-1b2c3d4e5f60';
    const many = { ...request('verified'), target: { kind: 'mobile' as const }, payments: [{ paymentId: PAYMENT, status: 'verified' as const }, { paymentId: other, status: 'manual_review' as const }] };
    given([]).when(many).thenRefuses({ kind: 'conflict', message: `Payment ${other} is in manual review: its evidence is what the review decides on. Erase it once it is approved or rejected` });
  });

  it('records an erasure once', () => {
    given([erased('verified')]).when(request('verified')).thenNothingHappened();
  });
});

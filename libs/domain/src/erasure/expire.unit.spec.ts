import fc from 'fast-check';
import { PAYER_DATA_EXPIRED, PAYMENT_STATUSES, PayerSubject, PaymentStatus } from '@pvs/contracts';
import { DeciderSpecification } from '../testing/decider-specification';
import { ExpiryCandidate, ExpiryRequest, expiryBatch, expiryDecider, retentionCutoff } from './expire';

const TENANT = '173a28ea-cb24-4695-83c5-7ff4c7eff317';
const NOW = new Date('2026-11-28T09:00:00.000Z');
const sms = (n: number): PayerSubject => `sms/00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const payment = (n: number): PayerSubject => `payment/00000000-0000-4000-9000-${String(n).padStart(12, '0')}`;
const request = (candidates: readonly ExpiryCandidate[], tenantId = TENANT): ExpiryRequest => ({ tenantId, retentionDays: 180, now: NOW, candidates });

const candidates = fc.uniqueArray(
  fc.record({ n: fc.integer({ min: 0, max: 999 }), kind: fc.constantFrom(sms, payment), payment: fc.constantFrom<PaymentStatus | null>(null, ...PAYMENT_STATUSES) }),
  { selector: ({ n, kind }) => kind(n), maxLength: 30 },
).map((drawn) => drawn.map(({ n, kind, payment: status }) => ({ subject: kind(n), payment: status })));

describe('expiryBatch: which payer data the retention job destroys', () => {
  it('takes every subject no payment needs, and keeps what a pending or in-review payment still needs', () => {
    fc.assert(
      fc.property(candidates, (given) => {
        const batch = expiryBatch(request(given));
        const free = given.filter(({ payment: status }) => status !== 'pending' && status !== 'manual_review').map(({ subject }) => subject);
        expect(batch?.subjects ?? []).toEqual([...free].sort());
        if (batch) expect(batch).toMatchObject({ tenantId: TENANT, retentionDays: 180, recordedBefore: '2026-06-01T09:00:00.000Z', expiredAt: NOW.toISOString() });
      }),
    );
  });

  it('names a batch by its tenant and subjects, whatever their order: found again after a crash, it is the same batch', () => {
    fc.assert(
      fc.property(candidates.filter((given) => given.some(({ payment: status }) => status === null)), (given) => {
        const id = expiryBatch(request(given))?.erasureId;
        expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
        expect(expiryBatch(request([...given].reverse()))?.erasureId).toBe(id);
        expect(expiryBatch(request(given, '0b5c4e0e-2f7e-4f0a-9d55-3f1c2b7a6e11'))?.erasureId).not.toBe(id);
        expect(expiryBatch(request([...given, { subject: sms(1000), payment: null }]))?.erasureId).not.toBe(id);
      }),
    );
  });

  it('finds nothing to do when every subject is still needed, or there is none', () => {
    expect(expiryBatch(request([]))).toBeNull();
    expect(expiryBatch(request([{ subject: sms(1), payment: 'pending' }, { subject: payment(2), payment: 'manual_review' }]))).toBeNull();
  });

  it('counts whole days back from now', () => {
    expect(retentionCutoff(NOW, 30).toISOString()).toBe('2026-10-29T09:00:00.000Z');
    expect(retentionCutoff(NOW, 0).toISOString()).toBe(NOW.toISOString());
  });
});

describe('expiryDecider', () => {
  const batch = expiryBatch(request([{ subject: sms(1), payment: 'verified' }, { subject: payment(1), payment: 'verified' }]))!;
  const given = DeciderSpecification.for(expiryDecider);

  it('records a batch once: the job resumed after a crash records nothing more', () => {
    given([]).when(batch).then([{ type: PAYER_DATA_EXPIRED, data: batch }]);
    given([{ type: PAYER_DATA_EXPIRED, data: batch }]).when(batch).then([]);
  });
});

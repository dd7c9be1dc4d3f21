import { PaymentStatus } from '@pvs/contracts';
import { CounterChange, DailyPayment, counterChanges, mergeCounterChanges } from './daily-counters';

const payment = (amountPaisa: number, overrides: Partial<DailyPayment> = {}): DailyPayment => ({
  tenantId: 'tenant-a',
  day: '2026-03-10',
  gateway: 'wallet_one',
  amountPaisa,
  ...overrides,
});

/** Folds changes into counters the way `rm_tenant_daily` adds them up. */
function counters(changes: readonly CounterChange[]): Record<string, { payments: number; amountPaisa: number }> {
  const totals: Record<string, { payments: number; amountPaisa: number }> = {};
  for (const change of changes) {
    const key = `${change.tenantId} ${change.day} ${change.dimension}:${change.bucket}`;
    totals[key] ??= { payments: 0, amountPaisa: 0 };
    totals[key].payments += change.payments;
    totals[key].amountPaisa += change.amountPaisa;
  }
  return totals;
}

describe('daily counters', () => {
  it('counts a registration as pending and under its gateway', () => {
    expect(counterChanges(payment(235_000), null, 'pending')).toEqual([
      { tenantId: 'tenant-a', day: '2026-03-10', dimension: 'status', bucket: 'pending', payments: 1, amountPaisa: 235_000 },
      { tenantId: 'tenant-a', day: '2026-03-10', dimension: 'gateway', bucket: 'wallet_one', payments: 1, amountPaisa: 235_000 },
    ]);
  });

  it('moves a payment between status buckets and leaves its gateway bucket alone', () => {
    const p = payment(10);
    const changes = [...counterChanges(p, null, 'pending'), ...counterChanges(p, 'pending', 'manual_review'), ...counterChanges(p, 'manual_review', 'verified')];
    expect(counters(changes)).toEqual({
      'tenant-a 2026-03-10 status:pending': { payments: 0, amountPaisa: 0 },
      'tenant-a 2026-03-10 status:manual_review': { payments: 0, amountPaisa: 0 },
      'tenant-a 2026-03-10 status:verified': { payments: 1, amountPaisa: 10 },
      'tenant-a 2026-03-10 gateway:wallet_one': { payments: 1, amountPaisa: 10 },
    });
    expect(counterChanges(p, 'verified', 'verified')).toEqual([]);
  });

  it('adds paisa exactly, where PKR floats would drift', () => {
    // 0.10 + 0.20 PKR is 0.30000000000000004 in floating point; in paisa it is 30.
    const changes = [10, 20, 1, 9_999_999_999].flatMap((amount) => counterChanges(payment(amount), null, 'pending'));
    expect(counters(changes)['tenant-a 2026-03-10 status:pending']).toEqual({ payments: 4, amountPaisa: 10_000_000_030 });
  });

  it('merges a batch into one change per counter, dropping those that cancel out', () => {
    const a = payment(1_50);
    const b = payment(2_25, { gateway: 'bank' });
    const c = payment(99, { tenantId: 'tenant-b', day: '2026-03-11' });
    const batch = [
      ...counterChanges(a, null, 'pending'),
      ...counterChanges(b, null, 'pending'),
      ...counterChanges(c, null, 'pending'),
      ...counterChanges(a, 'pending', 'verified'),
      ...counterChanges(b, 'pending', 'failed'),
    ];
    const merged = mergeCounterChanges(batch);
    expect(counters(merged)).toEqual(counters(batch.filter((change) => !(change.bucket === 'pending' && change.tenantId === 'tenant-a'))));
    expect(merged.find((change) => change.tenantId === 'tenant-a' && change.bucket === 'pending')).toBeUndefined();
    expect(merged).toHaveLength(6);
  });

  it('keeps every status count equal to the payments registered, whatever the order of moves', () => {
    const statuses: PaymentStatus[] = ['pending', 'manual_review', 'verified', 'failed'];
    const changes: CounterChange[] = [];
    for (let i = 0; i < 40; i++) {
      const p = payment(100 + i, { gateway: i % 2 ? 'wallet_two' : 'bank' });
      changes.push(...counterChanges(p, null, 'pending'));
      const to = statuses[i % 4];
      changes.push(...counterChanges(p, 'pending', to));
    }
    const totals = counters(mergeCounterChanges(changes));
    const byStatus = statuses.reduce((sum, status) => sum + (totals[`tenant-a 2026-03-10 status:${status}`]?.payments ?? 0), 0);
    const byGateway = totals['tenant-a 2026-03-10 gateway:bank'].payments + totals['tenant-a 2026-03-10 gateway:wallet_two'].payments;
    expect(byStatus).toBe(40);
    expect(byGateway).toBe(40);
    expect(totals['tenant-a 2026-03-10 status:verified']).toEqual({ payments: 10, amountPaisa: [2, 6, 10, 14, 18, 22, 26, 30, 34, 38].reduce((sum, i) => sum + 100 + i, 0) });
  });
});

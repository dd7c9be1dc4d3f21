import { DailyCounter, summariseTenantDay } from './tenant-daily-summary';

const counter = (dimension: DailyCounter['dimension'], bucket: string, payments: number, amountPaisa: number): DailyCounter => ({ dimension, bucket, payments, amountPaisa });

describe('summariseTenantDay', () => {
  it('fills every status and gateway, and derives registered and the match rate from the status counters', () => {
    const summary = summariseTenantDay(
      'tenant-a',
      [
        counter('status', 'verified', 2, 30),
        counter('status', 'pending', 1, 10_000_000_000_00),
        counter('status', 'failed', 0, 0),
        counter('gateway', 'wallet_one', 3, 10_000_000_000_30),
      ],
      90_500,
    );
    expect(summary).toEqual({
      tenantId: 'tenant-a',
      registered: 3,
      byStatus: {
        pending: { payments: 1, amountPaisa: 10_000_000_000_00 },
        verified: { payments: 2, amountPaisa: 30 },
        manual_review: { payments: 0, amountPaisa: 0 },
        failed: { payments: 0, amountPaisa: 0 },
      },
      byGateway: {
        wallet_one: { payments: 3, amountPaisa: 10_000_000_000_30 },
        wallet_two: { payments: 0, amountPaisa: 0 },
        bank: { payments: 0, amountPaisa: 0 },
      },
      matchRate: 0.6667,
      medianSecondsToVerify: 90.5,
    });
  });

  it('has no match rate nor median for a day without payments', () => {
    expect(summariseTenantDay('tenant-b', [], null)).toMatchObject({ registered: 0, matchRate: null, medianSecondsToVerify: null });
  });

  it('keeps the median to the millisecond', () => {
    expect(summariseTenantDay('tenant-c', [counter('status', 'verified', 2, 2)], 1_234.5).medianSecondsToVerify).toBe(1.235);
  });
});

import { SmsHourCount } from '@pvs/read-model';
import { institutionTotals } from './institution-totals';

const current = new Date('2026-03-10T10:00:00Z');
const earlier = new Date('2026-03-10T09:00:00Z');
const count = (hour: Date, institution: string, bucket: SmsHourCount['bucket'], sms: number, reason: string | null = bucket === 'rejected' ? 'unrecognized_template' : null): SmsHourCount => ({
  hour, institution, bucket, reason, sms,
});

describe('institution totals', () => {
  it('adds every tier as read and every reason as rejected, over the hours and in the current one, the most rejected first', () => {
    const totals = institutionTotals(
      [
        count(earlier, 'hbl', 'template', 5),
        count(earlier, 'jazzcash', 'template', 9),
        count(current, 'jazzcash', 'learned', 2),
        count(current, 'jazzcash', 'extracted', 1),
        count(current, 'jazzcash', 'rejected', 1, 'otp_or_promo'),
        count(current, 'jazzcash', 'rejected', 2),
        count(earlier, 'other', 'rejected', 3, 'untrusted_sender'),
      ],
      current,
    );
    expect(totals).toEqual([
      { institution: 'jazzcash', name: 'JazzCash', read: 12, rejected: 3, rejectedShare: 0.2, currentHour: { read: 3, rejected: 3 } },
      { institution: 'other', name: 'Other senders', read: 0, rejected: 3, rejectedShare: 1, currentHour: { read: 0, rejected: 0 } },
      { institution: 'hbl', name: 'HBL', read: 5, rejected: 0, rejectedShare: 0, currentHour: { read: 0, rejected: 0 } },
    ]);
  });

  it('orders institutions with as many rejections by id, and rounds the share to 4 decimals', () => {
    const totals = institutionTotals([count(earlier, 'ubl', 'rejected', 1), count(earlier, 'ubl', 'template', 2), count(earlier, 'mcb', 'rejected', 1)], current);
    expect(totals.map((row) => [row.institution, row.rejectedShare])).toEqual([
      ['mcb', 1],
      ['ubl', 0.3333],
    ]);
    expect(institutionTotals([], current)).toEqual([]);
  });
});

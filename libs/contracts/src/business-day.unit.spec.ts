import { businessDay } from './business-day';

describe('businessDay (Asia/Karachi, UTC+5)', () => {
  it('starts the day at 19:00 UTC of the day before', () => {
    expect(businessDay(new Date('2026-03-09T18:59:59.999Z'))).toBe('2026-03-09');
    expect(businessDay(new Date('2026-03-09T19:00:00.000Z'))).toBe('2026-03-10');
    expect(businessDay(new Date('2026-03-10T18:59:59.999Z'))).toBe('2026-03-10');
  });

  it('reads an instant given with another offset by the instant, not its notation', () => {
    expect(businessDay(new Date('2026-12-31T23:30:00-05:00'))).toBe('2027-01-01');
    expect(businessDay(new Date('2026-06-15T00:10:00+05:00'))).toBe('2026-06-15');
  });
});

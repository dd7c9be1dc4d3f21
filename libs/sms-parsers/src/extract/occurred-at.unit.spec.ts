import { readOccurredAt } from './occurred-at';

describe('readOccurredAt', () => {
  it.each([
    ['21-AUG-2026', '00:39', '2026-08-21T00:39:00+05:00'],
    ['06/FEB/2026', '02:19 PM', '2026-02-06T14:19:00+05:00'],
    ['21-Aug-26', '12:40 AM', '2026-08-21T00:40:00+05:00'],
    ['22-06-2026', '04:18:31', '2026-06-22T04:18:31+05:00'],
    ['13 - Jul - 2026', '13:08', '2026-07-13T13:08:00+05:00'],
    ['12 Mar 2026', '16:02:37', '2026-03-12T16:02:37+05:00'],
    ['2026-06-26', '05:42:12.037682068', '2026-06-26T05:42:12+05:00'],
    ['12-Mar-2026', undefined, '2026-03-12'],
    ['29/May/2026', '02:32 PM', '2026-05-29T14:32:00+05:00'],
    ['May 29, 2026', undefined, '2026-05-29'],
    ['September 3 2026', '11:05', '2026-09-03T11:05:00+05:00'],
  ])('%s %s is %s', (date, time, value) => {
    expect(readOccurredAt(date, time, undefined)).toEqual({ kind: 'stated', value });
  });

  it.each([
    ['29-02-2024', '2024-02-29'],
    ['29-02-2000', '2000-02-29'],
    ['28-02-2025', '2025-02-28'],
    ['31-01-2026', '2026-01-31'],
    ['30-04-2026', '2026-04-30'],
    ['31-12-2026', '2026-12-31'],
    ['31-01-2024', '2024-01-31'],
    ['30-04-2024', '2024-04-30'],
    ['12-March-2026', '2026-03-12'],
    ['12-Sept-2026', '2026-09-12'],
    ['12 september 2026', '2026-09-12'],
    ['01-01-2026', '2026-01-01'],
  ])('knows %s is a day of the calendar', (date, value) => {
    expect(readOccurredAt(date, undefined, undefined)).toEqual({ kind: 'stated', value });
  });

  it.each(['29-02-2025', '29-02-2100', '30-02-2024', '31-04-2026', '31-06-2026', '31-09-2026', '31-11-2026', '32-01-2026', '00-01-2026', '12-00-2026', '12-13-2026', '12-03-1999'])(
    'knows %s is not a day of the calendar (or is before 2000)',
    (date) => {
      expect(readOccurredAt(date, undefined, undefined)).toEqual({ kind: 'invalid' });
    },
  );

  it('takes a missing year from the time the SMS was received, in Pakistan time', () => {
    expect(readOccurredAt('02-Jan', '09:00', '2025-12-31T20:00:00Z')).toEqual({ kind: 'stated', value: '2026-01-02T09:00:00+05:00' });
    expect(readOccurredAt('02-Jan', '09:00', undefined)).toEqual({ kind: 'absent' });
  });

  it.each([
    ['31/02/2025', '09:05'],
    ['12-Foo-2025', '09:05'],
    ['12/03/2025', '25:10'],
    ['12/03/2025', '13:10 PM'],
    ['12/03/2025', '00:30 AM'],
    ['x12/03/2025', '09:05'],
    ['12/03/2025x', '09:05'],
    ['x2025-03-12', '09:05'],
    ['2025-03-12x', '09:05'],
    ['12/03/2025', 'x09:05'],
    ['12/03/2025', '09:05x'],
  ])('calls %s %s invalid', (date, time) => {
    expect(readOccurredAt(date, time, undefined)).toEqual({ kind: 'invalid' });
  });
});

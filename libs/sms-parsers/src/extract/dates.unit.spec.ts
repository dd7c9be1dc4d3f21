import { findDate } from './dates';

describe('findDate', () => {
  it.each([
    ['on 12/03/2026 at 14:05', { date: '12/03/2026', time: '14:05' }],
    ['at 14:22:05 12 Mar 2026.', { date: '12 Mar 2026', time: '14:22:05' }],
    ['on 2026-03-19 08:41:07', { date: '2026-03-19', time: '08:41:07' }],
    ['on 21-AUG-2026 00:39 via IBFT', { date: '21-AUG-2026', time: '00:39' }],
    ['on 06/FEB/2026 at 02:19 PM', { date: '06/FEB/2026', time: '02:19 PM' }],
    ['on 12-Mar. Call 111', { date: '12-Mar' }],
    ['on 12.03.26', { date: '12.03.26' }],
  ])('%s', (text, date) => {
    expect(findDate(text, [])).toEqual(date);
  });

  it('skips numbers read as money, and reads a time only near its date', () => {
    expect(findDate('Rs 1.500.00 on 5/6/2026', [[3, 11]])).toEqual({ date: '5/6/2026' });
    expect(findDate('12:30 is long before the date, which is 12/03/2026', [])).toEqual({ date: '12/03/2026' });
    expect(findDate('no date, 12:30 only', [])).toBeUndefined();
    expect(findDate('A/C 01-2345***6789 and 1234-56-7890', [])).toBeUndefined();
  });
});

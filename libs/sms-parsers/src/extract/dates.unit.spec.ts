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
    ['on 29/May/2026 at 02:32 PM', { date: '29/May/2026', time: '02:32 PM' }],
    ['at 14:32 on 29/05/2026 via IBFT', { date: '29/05/2026', time: '14:32' }],
    ['on Friday May 29, 2026.', { date: 'May 29, 2026' }],
    ['on September 3 2026 11:05', { date: 'September 3 2026', time: '11:05' }],
    // A word that begins like a month is none: "F 10 MARKAZ" is a market.
    ['in F 10 MARKAZ, ISLAMABAD on 12-03-2026', { date: '12-03-2026' }],
  ])('%s', (text, date) => {
    expect(findDate(text, [])).toEqual(date);
  });

  it('skips numbers read as money, and reads a time only near its date', () => {
    expect(findDate('Rs 1.500.00 on 5/6/2026', [[3, 11]])).toEqual({ date: '5/6/2026' });
    expect(findDate('12:30 is long before the date, which is 12/03/2026', [])).toEqual({ date: '12/03/2026' });
    expect(findDate('no date, 12:30 only', [])).toBeUndefined();
    expect(findDate('A/C 01-2345***6789 and 1234-56-7890', [])).toBeUndefined();
  });

  it('reads a time up to 24 characters before or after its date, and a date that only touches money', () => {
    expect(findDate(`14:05${' '.repeat(19)}12/03/2026`, [])).toEqual({ date: '12/03/2026', time: '14:05' });
    expect(findDate(`14:05${' '.repeat(20)}12/03/2026`, [])).toEqual({ date: '12/03/2026' });
    expect(findDate(`12/03/2026${' '.repeat(24)}14:05`, [])).toEqual({ date: '12/03/2026', time: '14:05' });
    expect(findDate(`12/03/2026${' '.repeat(25)}14:05`, [])).toEqual({ date: '12/03/2026' });
    expect(findDate('Rs 500 12/03/2026', [[3, 6]])).toEqual({ date: '12/03/2026' });
    expect(findDate('Rs 500 12/03/2026', [[3, 8]])).toBeUndefined();
  });

  it.each(['14:05', '14:05:59', '14:05:59.123', '2:05 PM', '2:05PM', '02:05 am'])('reads the time %p beside a date', (time) => {
    expect(findDate(`on 12/03/2026 at ${time}.`, [])).toEqual({ date: '12/03/2026', time });
  });

  it.each(['x14:05', '14:05x', '14:05:5', '.14:05'])('reads no time in %p', (time) => {
    expect(findDate(`on 12/03/2026 at ${time} ok`, [])).toEqual({ date: '12/03/2026' });
  });
});

import { findMoney } from './money-mentions';

describe('findMoney', () => {
  const read = (text: string) => findMoney(text).map(({ span, reading }) => [text.slice(...span), reading.kind === 'exact' ? reading.paisa : reading.kind]);

  it('reads money marked before, after, glued, with a suffix, and in lakhs', () => {
    expect(read('Rs 500, PKR.1,25,000.00/- and 5,000 PKR or 750/- or 12روپے')).toEqual([
      ['500', 50000],
      ['1,25,000.00/-', 12500000],
      ['5,000', 500000],
      ['750/-', 75000],
      ['12', 1200],
    ]);
    expect(read('Rs:500 Rupees 7 PKR5,000')).toEqual([['500', 50000], ['7', 700], ['5,000', 500000]]);
  });

  it('reads a dash between the marker and the number as a separator, and three decimals ending in zero', () => {
    expect(read('PKR-4,500.00 and Rs-500.00 and Rs.-20 and PKR 5000.000')).toEqual([['4,500.00', 450000], ['500.00', 50000], ['20', 2000], ['5000.000', 500000]]);
    // Not a minus sign before a spaced number, nor two dashes.
    expect(read('PKR --45 and Rs - 50')).toEqual([]);
    expect(findMoney('PKR-4,500.00 and PKR 5').map((mention) => mention.dashed)).toEqual([true, undefined]);
  });

  it('reads no money inside words, masked accounts, dates or other numbers', () => {
    expect(read('A/C *1234 PKR 9 and Rs 12MAR and Mrs 5 and 03001234567 and 12/03/2026')).toEqual([['9', 900]]);
    expect(read('x1234 PKR, -5 PKR, #7 Rs, 1.5/2 PKR')).toEqual([]);
  });

  it('says when written money is ambiguous or malformed', () => {
    expect(read('Rs 1.500 and PKR 14,99')).toEqual([['1.500', 'ambiguous'], ['14,99', 'invalid']]);
  });

  it('lets a marker before the number win over one after a number before it', () => {
    expect(read('A/C 1234 PKR 5,000 credited')).toEqual([['5,000', 500000]]);
    expect(findMoney('PKR 5')[0]).toEqual({ span: [4, 5], extent: [0, 5], reading: { kind: 'exact', paisa: 500 } });
  });

  it('lists money in the order it is written, whichever side its marker stands', () => {
    expect(read('5,000 PKR and Rs 500, then 7 Rupees')).toEqual([['5,000', 500000], ['500', 50000], ['7', 700]]);
    expect(read('750/-PKR5')).toEqual([['750/-', 75000], ['5', 500]]);
  });
});

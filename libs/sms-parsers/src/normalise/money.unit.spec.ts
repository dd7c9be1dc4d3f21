import fc from 'fast-check';
import { readMoney, toPaisa } from './money';

describe('readMoney', () => {
  it.each([
    ['1', 100],
    ['1,499', 149900],
    ['1499.00', 149900],
    ['1,499.5', 149950],
    ['1,499/-', 149900],
    ['250,000.00', 25000000],
    ['55.000.00', 5500000],
    ['1.234.567', 123456700],
    ['0.75', 75],
    ['0', 0],
    ['12,34,567', 1234567_00],
    ['1,23,45,678.50', 12345678_50],
    ['1,00,000', 100000_00],
    ['1,000', 1000_00],
    ['999,999,999,999', 999999999999_00],
    ['1.5', 150],
    ['1.50', 150],
    ['1,234.5', 1234_50],
    ['1.234.567.89', 1234567_89],
    ['1.234.567.8', 1234567_80],
    // Three decimals the last of which is zero, where the rupees cannot be a thousands group.
    ['5000.000', 5000_00],
    ['1234.500', 1234_50],
    ['0.500', 50],
    ['4,500.000', 4500_00],
    ['1,000.120', 1000_12],
    ['12,50,000.250', 1250000_25],
  ])('reads %s as %i paisa', (written, paisa) => {
    expect(readMoney(written)).toEqual({ kind: 'exact', paisa });
  });

  it.each(['1.500', '12.000', '55.000'])('calls %s ambiguous: rupees with a thousands dot or a three-decimal fraction', (written) => {
    expect(readMoney(written)).toEqual({ kind: 'ambiguous' });
  });

  it.each([
    '14,99', '1,4999', '1.999.9999', '1,000.123', '0300123', '1.2.3', '', 'abc', '1,234.56.78', '1234567890123', '12.',
    // A leading zero, a first group too long, a last group not of three, thousands and lakhs mixed, and junk around.
    '05', '012', '0,500', '1234,567', '123,45,678', '1,23,456,789', '1,234,56', '1,2,345', '12,3456', '1,234.',
    // A fraction of a paisa, or four decimals.
    '5000.005', '1234.501', '1,000.1234', '1000.0000',
    'x1,234', '1,234x', '1,234,', '1,000,000,000,000,000', '1,23,45,67,89,01,234',
  ])(
    'rejects %s',
    (written) => {
      expect(readMoney(written)).toEqual({ kind: 'invalid' });
    },
  );
});

describe('readMoney on every amount a bank writes', () => {
  const group = (digits: string, sizes: 'thousands' | 'lakh'): string => {
    const last = digits.slice(-3);
    const rest = digits.slice(0, -3);
    if (rest === '') return last;
    const size = sizes === 'thousands' ? 3 : 2;
    const groups: string[] = [];
    for (let end = rest.length; end > 0; end -= size) groups.unshift(rest.slice(Math.max(0, end - size), end));
    return `${groups.join(',')},${last}`;
  };

  it('reads the paisa back from the rupees, grouped or not, with no, one or two decimals, and a /- after', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 999_999_999_999n }),
        fc.integer({ min: 0, max: 99 }),
        fc.constantFrom('none', 'thousands', 'lakh' as const),
        fc.constantFrom(0, 1, 2),
        fc.boolean(),
        (rupees, paisa, grouping, decimals, dashed) => {
          const digits = String(rupees);
          const whole = grouping === 'none' ? digits : group(digits, grouping);
          const fraction = decimals === 0 ? '' : decimals === 1 ? `.${Math.floor(paisa / 10)}` : `.${String(paisa).padStart(2, '0')}`;
          const expected = Number(rupees) * 100 + (decimals === 0 ? 0 : decimals === 1 ? Math.floor(paisa / 10) * 10 : paisa);
          expect(readMoney(`${whole}${fraction}${dashed ? '/-' : ''}`)).toEqual({ kind: 'exact', paisa: expected });
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe('toPaisa', () => {
  it('reads the decimal text instead of multiplying floats', () => {
    expect(toPaisa(1.15)).toBe(115);
    expect(toPaisa(4.35)).toBe(435);
    expect(toPaisa(0.1 + 0.2 - 0.00000000000000004)).toBe(30);
    expect(toPaisa(1499)).toBe(149900);
    expect(toPaisa(-20.5)).toBe(-2050);
  });

  it('reads dot-grouped thousands, which are no three decimals', () => {
    expect(toPaisa('1.234.567')).toBe(123456700);
    expect(toPaisa('55.000.000')).toBe(5500000000);
  });

  it('accepts written money with or without a currency marker', () => {
    expect(toPaisa('Rs 1,499')).toBe(149900);
    expect(toPaisa('Rs.1499.00')).toBe(149900);
    expect(toPaisa('PKR 1,499.00')).toBe(149900);
    expect(toPaisa('1,499/-')).toBe(149900);
    expect(toPaisa('۱,۴۹۹')).toBe(149900);
  });

  it.each([0.1 + 0.2, 1.005, Number.NaN, Infinity, 1e21, 'Rs 1.500', 'twelve', '5000.000', 'PKR 1,000.120', '5000.000/-'])('refuses %p, which has no exact paisa value', (amount) => {
    expect(() => toPaisa(amount)).toThrow(RangeError);
  });

  it('says why it refuses', () => {
    expect(() => toPaisa(Infinity)).toThrow('not a finite amount: Infinity');
    expect(() => toPaisa(1e21)).toThrow('amount out of range for paisa: 1e+21');
    expect(() => toPaisa('Rs 1.500')).toThrow('not an exact PKR amount: "Rs 1.500"');
  });

  it('reads written money with spaces around, and a /= after', () => {
    expect(toPaisa(' 1,499 ')).toBe(149900);
    expect(readMoney(' 1,499 ')).toEqual({ kind: 'exact', paisa: 149900 });
    expect(readMoney('1,499/=')).toEqual({ kind: 'exact', paisa: 149900 });
    expect(readMoney('12,34,567/=')).toEqual({ kind: 'exact', paisa: 1234567_00 });
  });
});

import fc from 'fast-check';
import { paisaToPkr, pkrToPaisa } from './money';

describe('pkrToPaisa', () => {
  it.each([
    [0.01, 1],
    [0.1, 10],
    [0.3, 30],
    [1.15, 115],
    [1499.99, 149999],
    [100000000, 10000000000],
  ])('reads %p PKR as %p paisa exactly', (pkr, paisa) => {
    expect(pkrToPaisa(pkr)).toBe(paisa);
  });

  it('refuses fractions of a paisa, negatives and non-finite numbers', () => {
    for (const amount of [10.005, 0.001, -1, Number.NaN, Number.POSITIVE_INFINITY, 1e21]) {
      expect(pkrToPaisa(amount)).toBeNull();
    }
  });

  it('round-trips every paisa amount through its PKR number', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000_000 }), (paisa) => {
        expect(pkrToPaisa(paisaToPkr(paisa))).toBe(paisa);
      }),
    );
  });
});

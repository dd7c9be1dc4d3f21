import { findMoney } from '../normalise/money-mentions';
import { findBareAmounts, labelMoney } from './amount';

describe('labelMoney', () => {
  const roles = (text: string, sentenceStart: (index: number) => number = () => 0) =>
    labelMoney(text, findMoney(text), sentenceStart).map(({ role, label, span }) => [text.slice(...span), role, label]);

  it('gives each amount the role of the nearest label before it: balance, decoy or amount; none is the transaction', () => {
    expect(roles('Rs 500 received. Avl Bal: Rs 9,000. Fee Rs 10. Amount: Rs 700')).toEqual([
      ['500', 'transaction', null],
      ['9,000', 'balance', 'Bal'],
      ['10', 'decoy', 'Fee'],
      ['700', 'transaction', 'Amount'],
    ]);
  });

  it('reads a label only within its reach, after the amount before it, and in the same sentence', () => {
    expect(roles(`Balance ${'x'.repeat(30)} Rs 500`)).toEqual([['500', 'transaction', null]]);
    expect(roles(`Balance ${'x'.repeat(20)} Rs 500`)).toEqual([['500', 'balance', 'Balance']]);
    expect(roles('Balance Rs 900 and Rs 500')).toEqual([
      ['900', 'balance', 'Balance'],
      ['500', 'transaction', null],
    ]);
    expect(roles('Fee. Rs 500', (index) => (index >= 5 ? 5 : 0))).toEqual([['500', 'transaction', null]]);
    expect(roles('Fee. Rs 500')).toEqual([['500', 'decoy', 'Fee']]);
  });

  it.each([
    'fee', 'fees', 'charge', 'charges', 'tax', 'FED', 'WHT', 'cashback', 'cash back', 'discount', 'off', 'limit', 'bonus', 'reward', 'profit',
    'available', 'is available', 'remaining', 'left',
  ])('takes an amount followed by %p for a decoy', (word) => {
    expect(roles(`Rs 500 ${word}`)).toEqual([['500', 'decoy', null]]);
    expect(roles(`Rs 500/- ${word}`)[0]?.[1]).toBe('decoy');
  });

  it('takes an amount glued to its decoy word, or followed by one and punctuation, for a decoy', () => {
    expect(roles('Rs 500/-fee')).toEqual([['500', 'decoy', null]]);
    expect(roles('Rs 500 fee. Rs 700 received')[0]).toEqual(['500', 'decoy', null]);
    expect(roles('Rs 500 cashback, Rs 700 received')[0]).toEqual(['500', 'decoy', null]);
  });

  it('keeps an amount followed by another word, or by a decoy word further on, as the transaction', () => {
    expect(roles('Rs 500 feel')).toEqual([['500', 'transaction', null]]);
    expect(roles('Rs 500 received, no fee')).toEqual([['500', 'transaction', null]]);
  });
});

describe('findBareAmounts', () => {
  const amounts = (text: string) => findBareAmounts(text).map(({ span, reading }) => [text.slice(...span), reading.kind === 'exact' ? reading.paisa : reading.kind]);

  it.each([
    ['Amount: 5,000 from ALI', '5,000'],
    ['Txn Amount 5,000 on 12-03-2026', '5,000'],
    ['transaction amt of 5,000 via IBFT', '5,000'],
    ['received 500.', '500'],
    ['You have received 500 from ALI', '500'],
    ['credited with 500 in your account', '500'],
    ['credited by 500 at 10:00', '500'],
    ['deposited: 500 has been', '500'],
    ['received 500 | Ref 1', null],
  ])('reads %p as %p', (text, written) => {
    expect(amounts(text).map(([value]) => value)).toEqual(written === null ? [] : [written]);
  });

  it('reads no amount followed by other words, or inside a word', () => {
    expect(amounts('received 500 apples')).toEqual([]);
    expect(amounts('unreceived 500')).toEqual([]);
    expect(amounts('received 5,000.00 from ALI')).toEqual([['5,000.00', 500000]]);
  });
});

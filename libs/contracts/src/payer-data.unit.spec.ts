import fc from 'fast-check';
import { mobilesIn, normalizedMobile } from './payer-data';

const subscriber = fc.tuple(fc.integer({ min: 0, max: 99 }), fc.integer({ min: 0, max: 9_999_999 })).map(([operator, rest]) => `3${String(operator).padStart(2, '0')}${String(rest).padStart(7, '0')}`);
const prefix = fc.constantFrom('0', '+92', '92', '0092', '+92 ', '0092-');
const separator = fc.constantFrom('', ' ', '-');
/** A mobile number as a person might write it: any prefix, a space or dash after the operator code or none. */
const written = fc.tuple(prefix, subscriber, separator).map(([start, number, between]) => ({ text: `${start}${number.slice(0, 3)}${between}${number.slice(3)}`, normal: `0${number}` }));

describe('mobile numbers in payer data', () => {
  it('reads any way of writing a number as its one form, alone or inside a message', () => {
    fc.assert(
      fc.property(written, fc.constantFrom('from ALI KHAN ', 'Call ', '('), fc.constantFrom(' for help.', '. TID: 012345678901', ')'), ({ text, normal }, before, after) => {
        expect(normalizedMobile(text)).toBe(normal);
        expect(mobilesIn(`${before}${text}${after}`)).toEqual([normal]);
      }),
    );
  });

  it('takes no transaction id, account or amount for a number, nor a number cut short or run on', () => {
    for (const text of ['TID: 301234567890', 'Ref 1234567890123', 'balance 3001234567', 'Rs 30012345.67', '0300123456', '030012345678', 'A/C 0030001234567']) {
      expect([text, mobilesIn(text)]).toEqual([text, []]);
    }
    for (const text of ['3001234567', '0300123456', '+93 300 1234567', '0300 1234567 ext 2', '']) expect([text, normalizedMobile(text)]).toEqual([text, null]);
  });

  it('gives each number once, in the order first written', () => {
    expect(mobilesIn('0345 1239876 or +92 345-1239876, else 0300 1234567')).toEqual(['03451239876', '03001234567']);
  });
});

import fc from 'fast-check';
import { SealedText, isPayerSubject, isSealedText, mobilesIn, normalizedMobile, paymentSubject, smsSubject, subjectOf } from './payer-data';

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
    for (const text of ['3001234567', '0300123456', '+93 300 1234567', '0300 1234567 ext 2', '12 0300 1234567', 'x03001234567', '']) expect([text, normalizedMobile(text)]).toEqual([text, null]);
  });

  it('gives each number once, in the order first written', () => {
    expect(mobilesIn('0345 1239876 or +92 345-1239876, else 0300 1234567')).toEqual(['03451239876', '03001234567']);
  });
});

describe('payer subjects and sealed texts', () => {
  const ID = '173a28ea-cb24-4695-83c5-7ff4c7eff317';
  const BASE64 = 'AAECAwQFBgcICQoLDA0ODw==';

  it('names an SMS’s and a payment’s payer data by kind and id, and nothing else', () => {
    expect(smsSubject(ID)).toBe(`sms/${ID}`);
    expect(paymentSubject(ID)).toBe(`payment/${ID}`);
    expect([smsSubject(ID), paymentSubject(ID)].every(isPayerSubject)).toBe(true);
    for (const other of [`tenant/${ID}`, `xsms/${ID}`, `sms/${ID}x`, `sms/${ID.slice(1)}`, `sms/${ID.toUpperCase()}`, 'sms/']) expect([other, isPayerSubject(other)]).toEqual([other, false]);
  });

  it('tells a sealed text by its prefix, its subject and its base64, in three parts', () => {
    const sealed = `pd1:${smsSubject(ID)}:${BASE64}` as const;
    expect(isSealedText(sealed)).toBe(true);
    expect(subjectOf(sealed)).toBe(`sms/${ID}`);
    for (const other of [`${sealed}:more`, `pd1:${smsSubject(ID)}:!${BASE64}`, `pd1:${smsSubject(ID)}:${BASE64}!`, `:${smsSubject(ID)}:${BASE64}`, `pd1:sms/${ID}x:${BASE64}`]) {
      expect([other, isSealedText(other)]).toEqual([other, false]);
    }
    // A text that only claims to be one, as stored data from elsewhere might.
    expect(() => subjectOf(`pd1:tenant/${ID}:${BASE64}` as SealedText)).toThrow('Not a sealed text');
  });
});


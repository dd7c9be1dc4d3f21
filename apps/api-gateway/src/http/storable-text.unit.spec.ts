import { findUnstorableText } from './storable-text';

describe('text PostgreSQL can store', () => {
  it('accepts ordinary text, Urdu and paired surrogates (emoji)', () => {
    expect(findUnstorableText({ sender: 'JazzCash', body: 'رقم موصول ہوئی 😀', list: ['a', { b: 'c' }] })).toBeNull();
  });

  it('names the first value with a NUL character or a lone surrogate', () => {
    expect(findUnstorableText({ body: 'Rs 100\u0000' })).toBe('body.body');
    expect(findUnstorableText({ accounts: { bank: ['ok', 'x\uD83D'] } })).toBe('body.accounts.bank[1]');
    expect(findUnstorableText({ note: '\uDE00 alone' })).toBe('body.note');
    expect(findUnstorableText({ ['key\u0000']: 1 })).toBe('body (a property name)');
  });
});

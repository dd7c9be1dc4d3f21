import { normalizeText, toAsciiDigits } from './text';

describe('normalizeText', () => {
  it('puts a message on one line with single spaces', () => {
    expect(normalizeText('  Rs 500\r\n received\t\tin\u00a0your\u202fwallet.  ')).toBe('Rs 500 received in your wallet.');
  });

  it('folds Unicode punctuation, full-width forms and invisible marks', () => {
    expect(normalizeText('TID\uff1a 7162\u200b0441 \u2013 \u201cok\u201d\u2026')).toBe('TID: 71620441 - "ok"...');
    expect(normalizeText('موصول ہوئے۔ ۱٬۲۰۰٫۵۰')).toBe('موصول ہوئے. 1,200.50');
  });

  it('maps Urdu and Arabic-Indic digits to ASCII', () => {
    expect(toAsciiDigits('۰۱۲۳۴۵۶۷۸۹ ٠١٢٣٤٥٦٧٨٩')).toBe('0123456789 0123456789');
  });
});

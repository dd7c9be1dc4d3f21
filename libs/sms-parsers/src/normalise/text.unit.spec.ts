import { NormalisedText, normalizeText, toAsciiDigits } from './text';

describe('normalizeText', () => {
  it('puts a message on one line with single spaces', () => {
    expect(normalizeText('  Rs 500\r\n received\t\tin\u00a0your\u202fwallet.  ')).toBe('Rs 500 received in your wallet.');
  });

  it('folds Unicode punctuation, full-width forms and invisible marks', () => {
    expect(normalizeText('TID\uff1a 7162\u200b0441 \u2013 \u201cok\u201d\u2026')).toBe('TID: 71620441 - "ok"...');
    expect(normalizeText('موصول ہوئے۔ ۱٬۲۰۰٫۵۰')).toBe('موصول ہوئے. 1,200.50');
  });

  it.each([
    ['\u066B', '.'], ['\u066C', ','], ['\u060C', ','], ['\u061B', ';'], ['\u06D4', '.'],
    ['\u2018', "'"], ['\u2019', "'"], ['\u201A', "'"], ['\u201B', "'"], ['\u201C', '"'], ['\u201D', '"'],
    ['\u2010', '-'], ['\u2015', '-'], ['\u2212', '-'],
  ])('folds %p to %p, in ASCII text and in text NFKC changes', (mark, ascii) => {
    expect(normalizeText(`a${mark}b`)).toBe(`a${ascii}b`);
    expect(normalizeText(`\uff21${mark}b`)).toBe(`A${ascii}b`);
  });

  it('puts text NFKC changes on one line too, and keeps a leading combining mark', () => {
    expect(normalizeText(' \uff30\uff2b\uff32\t\r\n\uff15\uff10\uff10  ok ')).toBe('PKR 500 ok');
    expect(normalizeText('\u0301\u0301x \uff21')).toBe('\u0301\u0301x A');
  });

  it('maps Urdu and Arabic-Indic digits to ASCII', () => {
    expect(toAsciiDigits('۰۱۲۳۴۵۶۷۸۹ ٠١٢٣٤٥٦٧٨٩')).toBe('0123456789 0123456789');
  });
});

describe('NormalisedText.rawSpan', () => {
  // Each case: a body, a piece of its single-line form, and that piece as it stands in the body.
  const rawOf = (body: string, piece: string): string => {
    const text = new NormalisedText(body);
    const start = text.text.indexOf(piece);
    expect(start).toBeGreaterThanOrEqual(0);
    return body.slice(...text.rawSpan([start, start + piece.length]));
  };

  it('gives the span itself when the body is already one line with single spaces', () => {
    const text = new NormalisedText('Rs 500 received. TID: 7162');
    expect(text.rawSpan([3, 6])).toEqual([3, 6]);
  });

  it.each([
    ['runs of spaces and line breaks before and inside', '  Rs\r\n 500\t\treceived.\n\nTID:  7162 0441', 'TID: 7162 0441', 'TID:  7162 0441'],
    ['the first and last characters', 'Rs 500\n', 'Rs 500', 'Rs 500'],
    ['invisible marks and no-break spaces', 'Rs\u00a0500 \u200breceived', '500 received', '500 \u200breceived'],
    ['Urdu digits, folded one by one', 'رقم ۱٬۲۰۰ روپے', '1,200', '۱٬۲۰۰'],
    ['full-width forms, which NFKC folds', 'ＴＩＤ： ７１６２ received', '7162', '７１６２'],
    ['a ligature that NFKC spreads over several characters', 'ﬁrst Rs 500', 'Rs 500', 'Rs 500'],
  ])('maps back through %s', (_, body, piece, raw) => {
    expect(rawOf(body, piece)).toBe(raw);
  });
});

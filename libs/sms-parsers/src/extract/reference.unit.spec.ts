import { findReferences, normalizeReference } from './reference';

describe('normalizeReference', () => {
  it.each([
    [' 716204418853 ', '716204418853'],
    ['TID: 716204418853', '716204418853'],
    ['Trx ID 5944229251.', '5944229251'],
    ['Ref # 270040000001', '270040000001'],
    ['007106280421', '007106280421'],
    ['۰۰۷۱۰۶۲۸۰۴۲۱', '007106280421'],
    ['٧١٦٢٠٤٤١٨٨٥٣', '716204418853'],
    ['fb-2609-160001', 'FB2609160001'],
    ['ｆｂ２６０９', 'FB2609'],
    ['"7162 0441 8853"', '716204418853'],
    ['TID716204418853', 'TID716204418853'],
    ['', ''],
  ])('%p becomes %p', (raw, canonical) => {
    expect(normalizeReference(raw)).toBe(canonical);
  });
});

describe('findReferences', () => {
  const values = (text: string) => findReferences(text).map(({ rank, value }) => [rank, value]);

  it('reads the value after each label, with the label’s rank and the value’s span', () => {
    const text = 'Rs 500 received. TID: 716204418853 RRN 000123456789 STAN 004512 ID 77AB12';
    expect(values(text)).toEqual([
      [0, '716204418853'],
      [1, '000123456789'],
      [2, '004512'],
      [3, '77AB12'],
    ]);
    for (const { span, value } of findReferences(text)) expect(text.slice(...span)).toBe(value);
  });

  it.each([
    ['a local mobile number', 'Ref: 03001234567'],
    ['a mobile number in international form after a bare ID', 'ID 923001234567'],
    ['a CNIC', 'Ref No 35202-1234567-1'],
    ['a date', 'Ref 12-Jan-2026'],
    ['a masked account', 'Ref 0300XXXX871'],
    ['a value without digits', 'Ref: ABCDEF'],
    ['a value shorter than four characters', 'TID 123'],
    ['a value longer than forty characters', `TID ${'1'.repeat(41)}`],
  ])('never reads %s', (_, text) => {
    expect(findReferences(text)).toEqual([]);
  });

  it.each([
    ['TID: 923955326384', '923955326384'],
    ['RRN 923001234567', '923001234567'],
    ['Trx ID 0071062804', '0071062804'],
    [`TID ${'7'.repeat(40)}`, '7'.repeat(40)],
    ['Ref #FT-2609-160001.', 'FT-2609-160001'],
  ])('reads %p as %p', (text, value) => {
    expect(findReferences(text).map((mention) => mention.value)).toEqual([value]);
  });
});

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
    ['TRXID: 5944229251', '5944229251'],
    ['Trx ID 5944229251', '5944229251'],
    ['TXNID-5944229251', '5944229251'],
    ['Txn ID: 5944229251', '5944229251'],
    ['TXID 5944229251', '5944229251'],
    ['Tx ID 5944229251', '5944229251'],
    ['TRANSACTIONID: 5944229251', '5944229251'],
    ['Transaction ID 5944229251', '5944229251'],
    ['Reference No. 5944229251', '5944229251'],
    ['REFERENCE 5944229251', '5944229251'],
    ['Ref Number: 5944229251', '5944229251'],
    ['REFNO 5944229251', '5944229251'],
    ['Ref#5944229251', '5944229251'],
    ['RRN: 5944229251', '5944229251'],
    ['TID ABC123', 'TIDABC123'],
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
    ['a date in digits', 'Ref 12-03-2026'],
    ['a date with its year first', 'Ref 2026-03-12'],
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
    ['ID 9230012345678', '9230012345678'],
    ['ID 1923001234567', '1923001234567'],
    ['Ref No 35202-1234567-12', '35202-1234567-12'],
    ['Ref No 135202-1234567-1', '135202-1234567-1'],
    ['Ref 12-Jan-20261', '12-Jan-20261'],
    ['Ref 12345-03-2026', '12345-03-2026'],
    ['Ref 12-123-2026', '12-123-2026'],
  ])('reads %p as %p', (text, value) => {
    expect(findReferences(text).map((mention) => mention.value)).toEqual([value]);
  });
});

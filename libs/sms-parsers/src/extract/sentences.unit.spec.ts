import { lastStartingBy, Ranges, splitSentences } from './sentences';

describe('splitSentences', () => {
  it('ends a sentence at a full stop, "!", "?", ";" or "|" before a space or the end, not after an abbreviation or inside a number', () => {
    const text = 'Rs. 500 received from Mr. Ali. Bal: Rs 1.50! Call 111? Yes; ok | next';
    expect(splitSentences(text).map(([start, end]) => text.slice(start, end))).toEqual([
      'Rs. 500 received from Mr. Ali.',
      'Bal: Rs 1.50!',
      'Call 111?',
      'Yes;',
      'ok |',
      'next',
    ]);
  });

  it('keeps an initial, a quoted abbreviation and a number with its full stop in the sentence', () => {
    const text = 'A. B c. "Ltd. done. 5. x';
    expect(splitSentences(text).map(([start, end]) => text.slice(start, end))).toEqual(['A. B c. "Ltd. done.', '5.', 'x']);
    expect(splitSentences('')).toEqual([]);
    expect(splitSentences('One. ')).toEqual([[0, 4]]);
  });

  it('ends a sentence at "!", "?", ";" and "|" even after an abbreviation or a single letter', () => {
    const text = 'Sent to No? Yes Rs! ok A; x Ref| y';
    expect(splitSentences(text).map(([start, end]) => text.slice(start, end))).toEqual(['Sent to No?', 'Yes Rs!', 'ok A;', 'x Ref|', 'y']);
  });
});

describe('abbreviations', () => {
  // Written out here rather than imported: the spec says which words a full stop may follow without ending a sentence.
  const abbreviations = [
    'Rs', 'PKR', 'No', 'A/C', 'Ac', 'Acc', 'Acct', 'Mr', 'Mrs', 'Ms', 'Dr', 'Pvt', 'Ltd', 'Co', 'Bal', 'Avl', 'Amt', 'Trx', 'Txn',
    'Tx', 'Ref', 'St', 'Br', 'M/S', 'ID', 'Inc', 'Cr', 'Dt', 'vs', 'etc', 'e.g', 'i.e', 'Msg', 'Sr', 'Jr', 'Engr', 'Prof', 'Muhammad',
    'Ft', 'Int', 'Govt', 'Dept', 'Tel', 'Ph', 'Mob', 'A/C#', 'Info',
  ];

  it.each(abbreviations)('"%s." does not end a sentence', (abbreviation) => {
    const text = `Received from ${abbreviation}. next words`;
    expect(splitSentences(text)).toEqual([[0, text.length]]);
  });

  it.each(['Ali', 'Rsx', 'Noo', 'Txns', 'Refs', 'received'])('"%s." does', (word) => {
    const text = `Received from ${word}. next words`;
    expect(splitSentences(text)).toEqual([[0, 15 + word.length], [16 + word.length, text.length]]);
  });
});

describe('Ranges', () => {
  it('finds the range holding a position, and none in the gaps', () => {
    const ranges = new Ranges([[0, 4], [6, 9]]);
    expect([0, 3, 4, 5, 6, 8, 9, -1].map((index) => ranges.at(index))).toEqual([[0, 4], [0, 4], undefined, undefined, [6, 9], [6, 9], undefined, undefined]);
    expect(ranges.holds(7)).toBe(true);
    expect(ranges.holds(5)).toBe(false);
  });

  it('merges overlapping and touching ranges, whatever their order', () => {
    expect(Ranges.merged([[8, 10], [0, 3], [2, 5], [5, 6], [12, 13]]).spans).toEqual([[0, 6], [8, 10], [12, 13]]);
    expect(Ranges.merged([]).spans).toEqual([]);
  });

  it('answers the last range starting at or before a position', () => {
    const spans = [[0, 1], [3, 4], [7, 8]] as const;
    expect([-1, 0, 2, 3, 6, 7, 9].map((index) => lastStartingBy(spans, index))).toEqual([-1, 0, 0, 1, 1, 2, 2]);
  });
});

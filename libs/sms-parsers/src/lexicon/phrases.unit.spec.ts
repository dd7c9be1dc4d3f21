import { firstWords, PhraseBook, Phrases } from './phrases';

describe('firstWords', () => {
  it.each([
    ['received', ['received']],
    ['(?:has |have )?(?:sent|paid) you', ['has', 'have', 'sent', 'paid']],
    ['cash ?-?in', ['cash', 'cashin']],
    ['a/c no', ['a']],
    ['trx ?\\.? ?id', ['trx', 'trxid']],
    ['savings?', ['saving', 'savings']],
    ['credit(?= ?:)', ['credit']],
    ['جاز ?کیش', ['جاز', 'جازکیش']],
  ])('%s begins with %j', (phrase, words) => {
    expect([...(firstWords(phrase) ?? [])].sort()).toEqual([...words].sort());
  });

  it.each(['\\d{1,3} ?%', '[^ ]+ x', '.x', 'a+b'])('cannot tell for %s', (phrase) => {
    expect(firstWords(phrase)).toBeUndefined();
  });
});

describe('Phrases', () => {
  const phrases = new Phrases(['sent', 'sent you', 'a/c', '\\d{1,3} ?%', 'موصول', 'cash ?-?in']);

  it('reads whole words only, the longest phrase first, without overlaps', () => {
    expect(phrases.matches('ALI sent you Rs 5, resent, sentx, cash-in 10% a/c موصول').map((match) => match[0])).toEqual([
      'sent you',
      'cash-in',
      '10%',
      'a/c',
      'موصول',
    ]);
    expect(phrases.matches('ALI sentموصول').map((match) => match[0])).toEqual([]);
  });

  it('tells whether a phrase occurs, and which one starts at a word', () => {
    expect(phrases.occursIn('nothing here')).toBe(false);
    expect(phrases.occursIn('he sent it')).toBe(true);
    expect(phrases.at('he sent you', 3)?.[0]).toBe('sent you');
    expect(phrases.at('he sent you', 4)).toBeNull();
    expect(phrases.at('resent', 2)).toBeNull();
  });

  it('reads a phrase followed by more pattern where a word begins', () => {
    const labelled = new Phrases(['tid', 'ref(?: no)?'], String.raw` ?:? ?(?<value>\d+)`);
    expect(labelled.matches('TID: 123 and Ref No 45, xref 9').map((match) => [match[0], match.groups?.value])).toEqual([
      ['TID: 123', '123'],
      ['Ref No 45', '45'],
    ]);
    expect(labelled.occursIn('no label')).toBe(false);
    expect(labelled.at('a TID 7', 2)?.groups?.value).toBe('7');
  });
});

describe('PhraseBook', () => {
  const book = new PhraseBook([
    ['credit', ['received', 'sent you', 'credit(?= ?:)']],
    ['debit', ['sent', 'received by']],
    ['names', ['js ?bank']],
    ['also', ['js ?bank']],
  ] as const);

  it('gives each hit the kind of the longest phrase that reads there, and every kind that holds it', () => {
    const hits = book.scan('X sent you Rs 5; received by Y; sent; Credit: 5; credit 5; JS Bank');
    expect(hits.map(({ kind, kinds, text, span }) => [kind, kinds, text, span])).toEqual([
      ['credit', ['credit'], 'sent you', [2, 10]],
      ['debit', ['debit'], 'received by', [17, 28]],
      ['debit', ['debit'], 'sent', [32, 36]],
      ['credit', ['credit'], 'Credit', [38, 44]],
      ['names', ['names', 'also'], 'JS Bank', [59, 66]],
    ]);
  });
});

import fc from 'fast-check';
import { normalizeText } from '../normalise/text';
import { CORPUS } from '../testing/corpus/corpus';
import { GATHERED } from '../testing/corpus/gathered-corpus';
import { ACCOUNT_LABELS, AMOUNT_LABELS, BALANCE_LABELS, DECOY_MONEY_LABELS, REFERENCE_LABELS } from './labels';
import { PhraseBook, Phrases, splitAlternatives } from './phrases';
import { HOLDER_WORDINGS, WORDING_KINDS, WORDINGS } from './wordings';

describe('Phrases in any script', () => {
  // Phrases that surely begin with an ASCII letter or digit are read behind an ASCII word boundary, the others without
  // it: a phrase put in the wrong group would never be read, or be read inside a word.
  const phrases = new Phrases(['وصول ہوئی', '(?:کی |the )?رقم', '#ref', '(?:جاز|easy) ?cash', '(?:a|b)?c', '\\d+ ?%', 'x?yz']);
  const read = (text: string): string[] => phrases.matches(text).map((match) => match[0]);

  it.each([
    ['آپ کو رقم وصول ہوئی', ['رقم', 'وصول ہوئی']],
    ['اس کی رقم', ['کی رقم']],
    ['the رقم', ['the رقم']],
    ['order #ref 12', ['#ref']],
    ['جاز cash and easycash', ['جاز cash', 'easycash']],
    ['c bc ac', ['c', 'bc', 'ac']],
    ['50% off, 7 %', ['50%', '7 %']],
    ['yz xyz', ['yz', 'xyz']],
  ])('%s reads %j', (text, expected) => {
    expect(read(text)).toEqual(expected);
  });

  it.each(['رقموں', 'order#refs', 'جازcashier', 'abc', 'x50%', 'xyzz'])('reads no phrase inside a word: %s', (text) => {
    expect(read(text)).toEqual([]);
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

  // A phrase that may begin outside ASCII has no ASCII word boundary in its pattern: each neighbour is checked after.
  const mixed = new Phrases(['(?:ne|نے) (?:aap|آپ) (?:ko|کو) bheje']);

  it.each(['0', '9', 'a', 'z', 'A', 'Z', 'ب'])('reads no phrase right after "%s", a letter or digit', (neighbour) => {
    expect(mixed.matches(`ALI ${neighbour}ne aap ko bheje`)).toEqual([]);
    expect(mixed.matches(`ALI ne aap ko bheje${neighbour}`)).toEqual([]);
  });

  it.each(['/', ':', '@', '[', '`', '{', '،'])('reads a phrase right after "%s", which is neither', (neighbour) => {
    expect(mixed.matches(`ALI ${neighbour}ne aap ko bheje`).map((match) => match[0])).toEqual(['ne aap ko bheje']);
    expect(mixed.matches(`ALI ne aap ko bheje${neighbour}`).map((match) => match[0])).toEqual(['ne aap ko bheje']);
  });

  it('tells whether a phrase occurs, and which one starts at a word', () => {
    expect(phrases.occursIn('nothing here')).toBe(false);
    expect(phrases.occursIn('he sent it')).toBe(true);
    expect(phrases.at('he sent you', 3)?.[0]).toBe('sent you');
    expect(phrases.at('he sent you', 4)).toBeNull();
    expect(phrases.at('resent', 2)).toBeNull();
  });

  it('reads nothing where a phrase may read nothing, and goes on to the phrases after it', () => {
    const withEmpty = new Phrases(['', 'sent', '(?:x)?']);
    expect(withEmpty.matches('he sent it, sent').map((match) => [match[0], match.index])).toEqual([
      ['sent', 3],
      ['sent', 12],
    ]);
    expect(withEmpty.occursIn('nothing here')).toBe(false);
    expect(withEmpty.occursIn('he sent it')).toBe(true);
  });
});

describe('Phrases as a tree of first characters', () => {
  // The plain reading a tree must equal: every phrase in one alternation, longest first, boundaries checked after.
  const flatMatches = (list: readonly string[], text: string): string[] => {
    const alternatives = list.map((phrase) => phrase.normalize('NFKC')).sort((a, b) => b.length - a.length);
    const search = new RegExp(`\\b(?:${alternatives.join('|')})(?![A-Za-z0-9])`, 'gi');
    const found: string[] = [];
    for (let match = search.exec(text); match !== null; match = search.exec(text)) {
      if (match.index > 0 && /[\p{L}\p{N}]/u.test(text.charAt(match.index - 1))) search.lastIndex = match.index + 1;
      else found.push(`${match.index}:${match[0]}`);
    }
    return found;
  };
  const texts = [...GATHERED, ...CORPUS].map((entry) => normalizeText(entry.body));
  const isLatin = (phrase: string) => !/[\u0600-\u06FF]/.test(phrase);
  const lists: [string, readonly string[]][] = [
    ...WORDING_KINDS.map((kind): [string, readonly string[]] => [kind, WORDINGS[kind]]),
    ['every wording', WORDING_KINDS.flatMap((kind) => WORDINGS[kind])],
    ['holder', HOLDER_WORDINGS],
    ['reference labels', REFERENCE_LABELS.flat()],
    ['money labels', [...BALANCE_LABELS, ...DECOY_MONEY_LABELS, ...AMOUNT_LABELS]],
    ['account labels', ACCOUNT_LABELS],
  ];

  it.each(lists)('reads what one flat alternation reads, over every corpus message: %s', (_, list) => {
    const latin = list.filter(isLatin);
    const phrases = new Phrases(latin);
    for (const text of texts) expect(phrases.matches(text).map((match) => `${match.index}:${match[0]}`)).toEqual(flatMatches(latin, text));
  });

  it.each(lists)('tells whether a phrase occurs as its matches do, over every corpus message: %s', (_, list) => {
    const phrases = new Phrases(list);
    for (const text of texts) expect(phrases.occursIn(text)).toBe(phrases.matches(text).length > 0);
  });

  // Generated lists and texts, not only the lexicon's: words that share their first letters, optional letters and
  // groups, choices at the start and inside, digits; texts of those words and their pieces, glued and spaced.
  const WORDS = ['sent', 'se', 'send', 'sen', 'sent you', 'received', 'rec', 're', 'a/c', 'ac', 'acc', 'tid', 't', 'x', 'cash', 'in'];
  const required = fc.oneof(
    fc.constantFrom(...WORDS),
    fc.constantFrom(...WORDS.filter((word) => word.length > 1)).map((word) => `${word}?`),
    fc.tuple(fc.constantFrom(...WORDS), fc.constantFrom(...WORDS)).map(([a, b]) => `(?:${a}|${b})`),
    fc.constant('\\d{1,3}'),
  );
  const optionalPrefix = fc.oneof(fc.constant(''), fc.constantFrom(...WORDS).map((word) => `(?:${word} )?`));
  const phrase = fc
    .tuple(optionalPrefix, fc.array(required, { minLength: 1, maxLength: 3 }))
    .map(([prefix, words]) => `${prefix}${words.join(' ')}`);
  const list = fc.array(phrase, { minLength: 1, maxLength: 12 });
  const text = fc
    .array(fc.tuple(fc.constantFrom(...WORDS, '5', '42', 'zz', 'Sent', 'RECEIVED'), fc.constantFrom(' ', ' ', '  ', ', ', '.', '-', '')), { maxLength: 16 })
    .map((pieces) => pieces.flat().join(''));

  it('reads what one flat alternation reads, over generated phrase lists and texts', () => {
    fc.assert(
      fc.property(list, fc.array(text, { minLength: 1, maxLength: 5 }), (phrases, texts) => {
        const tree = new Phrases(phrases);
        for (const sample of texts) {
          const matches = tree.matches(sample).map((match) => `${match.index}:${match[0]}`);
          expect(matches).toEqual(flatMatches(phrases, sample));
          expect(tree.occursIn(sample)).toBe(matches.length > 0);
        }
      }),
      { numRuns: 1000 },
    );
  });

  // A phrase of two at the top level ("a|b") would be read as a choice of the whole list's: the lexicon writes each
  // as two phrases, and the tree never spells one out.
  it.each(lists)('holds no phrase with a choice at its top level: %s', (_, phrases) => {
    expect(phrases.filter((phrase) => splitAlternatives(phrase).length > 1)).toEqual([]);
  });

  it('keeps whole a phrase with a choice at its top level: read as its own expression reads it, first choice first', () => {
    const phrases = new Phrases(['(?:x|y)z|yz-', 'sent']);
    expect(phrases.matches('yz- sent').map((match) => match[0])).toEqual(['yz', 'sent']);
  });

  it('spells out a leading choice for telling whether a phrase occurs, and keeps whole what it cannot spell out', () => {
    const phrases = new Phrases(['(?:was|is) not (?:sent|paid)', '(?:the )?beneficiary', 'sent', '(?:ab)+c', '(?:a|b|c|d|e|f)(?:g|h|i|j|k|l)x']);
    for (const text of ['it was not paid', 'IS NOT SENT', 'the beneficiary', 'beneficiary', 'he sent', 'ababc', 'fkx']) expect(phrases.occursIn(text)).toBe(true);
    for (const text of ['it was paid', 'beneficiaryship', 'resent', 'is not', 'abab', 'fk']) expect(phrases.occursIn(text)).toBe(false);
  });

  it('keeps the longest phrase first where phrases share their first characters', () => {
    const shared = new Phrases(['sent', 'sent you', 'se', 'received', 'rec', 'receivedx']);
    expect(shared.matches('he sent you, we se it, rec received').map((match) => match[0])).toEqual(['sent you', 'se', 'rec', 'received']);
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

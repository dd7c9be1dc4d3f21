import { NormalisedText } from '../normalise/text';
import fc from 'fast-check';
import { account, AMOUNT, anchored, BALANCE, CURRENCY, mobile, NAME } from '../templates/template';
import { learnedPatternBody, literalRuns, referencePattern, Slot, SlotKind, slotPattern, wordingEnd } from './template-pattern';

/** A template learned from `example`, each mark found once in its normalised text. */
function learn(example: string, marks: Partial<Record<SlotKind, string>>): RegExp {
  const { text } = new NormalisedText(example);
  const slots: Slot[] = Object.entries(marks).map(([kind, value]) => {
    const start = text.indexOf(value);
    if (start < 0 || text.indexOf(value, start + 1) >= 0) throw new Error(`mark ${value} not found once`);
    return { kind: kind as SlotKind, start, end: start + value.length };
  });
  return anchored(learnedPatternBody(text, slots));
}

const read = (pattern: RegExp, body: string) => pattern.exec(new NormalisedText(body).text)?.groups ?? null;

describe('learnedPatternBody', () => {
  const bankCredit = learn(
    'Dear Customer,\nPKR 12,500.00 has been received in your A/C **4455 from SANA IQBAL on 03-12-2026 14:05. Ref#  FT2633712345.\nThanks for banking with us.',
    { amount: '12,500.00', receivingAccount: '**4455', payerName: 'SANA IQBAL', date: '03-12-2026', time: '14:05', reference: 'FT2633712345' },
  );

  it('reads the same wording with other values, spacing, line breaks and tail', () => {
    expect(read(bankCredit, 'Dear Valued Member, PKR 900.00 has been received in your A/C **9911 from ALI RAZA KHAN on 4-1-2027 9:15.\nRef# FT2700011122')).toMatchObject({
      amount: '900.00',
      receivingAccount: '**9911',
      payerName: 'ALI RAZA KHAN',
      reference: 'FT2700011122',
    });
    expect(read(bankCredit, 'PKR 1,000,000.00 has been received in your A/C **4455 from X Y on 03-12-2026 14:05 . Ref #FT26337123 . Call 111-000-111 for help.')).toMatchObject({
      amount: '1,000,000.00',
      reference: 'FT26337123',
    });
  });

  it('does not read another wording', () => {
    expect(read(bankCredit, 'PKR 900.00 has been debited from your A/C **9911 to ALI on 4-1-2027 9:15. Ref# FT2700011122')).toBeNull();
    expect(read(bankCredit, 'PKR 900.00 has been received in your A/C **9911 from ALI on 4-1-2027 9:15. TID FT2700011122')).toBeNull();
  });

  it('generalises numbers and masked accounts the operator did not mark', () => {
    const wallet = learn('You have received Rs.250 from 0300-1234567 in your wallet 03**7788 at 10:30 TRX 7788123456', {
      amount: '250',
      payerNumber: '0300-1234567',
      reference: '7788123456',
    });
    expect(read(wallet, 'You have received Rs. 75 from 0333-7654321 in your wallet 03**1122 at 9:05 TRX 99887766554')).toMatchObject({
      amount: '75',
      payerNumber: '0333-7654321',
      reference: '99887766554',
    });
  });

  it('shapes the reference on the example: alphabet and length', () => {
    expect(referencePattern('123456')).toBe('(?<reference>\\d{4,9})');
    expect(referencePattern('FT26337')).toBe('(?<reference>[A-Z0-9]{4,10})');
    expect(referencePattern('Ab12cd')).toBe('(?<reference>[A-Za-z0-9]{4,9})');
    expect(referencePattern('IB-20261203-99')).toBe('(?<reference>[A-Za-z0-9][A-Za-z0-9-]{10,16})');
  });

  it('takes the institution’s shape of transaction ids when the example has it, and the example’s own when not', () => {
    expect(referencePattern('8H3K2M9Q1Z', /^[A-Z\d]{8,16}$/)).toBe('(?<reference>[A-Z\\d]{8,16})');
    expect(referencePattern('723456789012', /^\d{12}$/)).toBe('(?<reference>\\d{12})');
    expect(referencePattern('7234567', /^\d{12}$/)).toBe('(?<reference>\\d{4,10})');
  });

  it('writes a label’s separator from its value either way (colon, hash or a space), and spaces brackets either way', () => {
    const wallet = learn('Rs 75 from ALI (03001112223) received. TID 700000000001. Bal: Rs 80.25', { amount: '75', payerNumber: '03001112223', reference: '700000000001', balance: '80.25' });
    for (const body of [
      'Rs 75 from ALI (03001112223) received. TID: 700000000001. Bal Rs 80.25',
      'Rs 75 from ALI( 03001112223 ) received. TID#700000000001. Bal : Rs 80.25',
      'Rs 75 from ALI (03001112223) received. TID # 700000000001. Bal: Rs 80.25',
    ]) {
      expect(read(wallet, body)).toMatchObject({ amount: '75', reference: '700000000001', balance: '80.25' });
    }
    expect(read(wallet, 'Rs 75 from ALI (03001112223) received. TID700000000001. Bal: Rs 80.25')).toBeNull();
    expect(read(wallet, 'Rs 75 from ALI (03001112223) received. TID - 700000000001. Bal: Rs 80.25')).toBeNull();
  });
});

/** A slot where `value` stands (once) in `text`. */
function slot(text: string, kind: SlotKind, value: string): Slot {
  const start = text.indexOf(value);
  if (start < 0 || text.indexOf(value, start + 1) >= 0) throw new Error(`${value} not found once`);
  return { kind, start, end: start + value.length };
}

/** A label's separator from its value, as the pattern writes it. */
const SEPARATOR = '(?: ?[:#] ?| )';
/** The masked number a literal `**4455` or `1234****5678` becomes. */
const MASKED = String.raw`[*xX#\d][\d*xX#-]{0,30}\d`;

describe('learnedPatternBody: the words between the slots', () => {
  /** The pattern of an amount followed by `words`: the amount's fragment, then the words' own pattern. */
  const afterAmount = (words: string) => learnedPatternBody(`5.00 ${words}`, [{ kind: 'amount', start: 0, end: 4 }]);

  it.each([
    ['a word as written', 'credited', ' credited'],
    ['a number, about its length (two digits either way)', 'got 1234 today', String.raw` got \d{2,6} today`],
    ['a short number, at least one digit', 'in 7 days', String.raw` in \d{1,3} days`],
    ['a masked number', 'in A/C **4455', String.raw` in A\/C ${MASKED}`],
    ['a masked number with digits before the mask', 'in A/C 1234****5678', String.raw` in A\/C ${MASKED}`],
    ['a number masked with x', 'in A/C 12XX5678', String.raw` in A\/C ${MASKED}`],
    ['a code of letters and digits, about its length', 'code FT26', ' code [A-Za-z0-9]{2,6}'],
    ['a code led by digits', 'code 12AB', ' code [A-Za-z0-9]{2,6}'],
    ['a code with one x after digits', 'code 5X3A', ' code [A-Za-z0-9]{2,6}'],
    ['a code led by one x', 'code X9F2', ' code [A-Za-z0-9]{2,6}'],
    ['a code of one x and digits', 'plan X12', ' plan [A-Za-z0-9]{1,5}'],
    ['a code with letters before a mask', 'via PKxx1234', ' via [A-Za-z0-9]{6,10}'],
    ['a code with a double x inside', 'code X1XXA', ' code [A-Za-z0-9]{3,7}'],
    ['a word with two x and no digit', 'via Maxx', ' via Maxx'],
    ['a word with an ampersand, as written', 'via R&D2', ' via R&D2'],
    ['loose punctuation spaced either way', 'Bal : due', ' Bal ?: ?due'],
    ['brackets spaced either way', 'by ALI (shop) now', String.raw` by ALI ?\( ?shop ?\) ?now`],
    ['a comma spaced either way', 'ALI,KHAN', ' ALI ?, ?KHAN'],
    ['other punctuation as written', 'A/C - ok!', String.raw` A\/C \- ok!`],
  ])('writes %s', (_case, words, pattern) => {
    expect(afterAmount(words)).toBe(AMOUNT + pattern);
  });

  it('reads any number of about the same length in place of an unmarked one: two digits fewer or more, never none', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 12 }), fc.integer({ min: -4, max: 4 }), (length, change) => {
        const pattern = anchored(afterAmount(`ref ${'7'.repeat(length)} ok`));
        const other = length + change;
        const reads = other >= 1 && other >= length - 2 && other <= length + 2;
        expect(pattern.test(`5.00 ref ${'3'.repeat(Math.max(other, 0))} ok`)).toBe(reads);
      }),
    );
  });
});

describe('learnedPatternBody: labels, currency and greeting', () => {
  it.each([
    ['TID 700000000001', ['TID: 700000000001', 'TID#700000000001', 'TID:700000000001'], ['TID700000000001']],
    ['TID:700000000001', ['TID 700000000001', 'TID #700000000001', 'TID : 700000000001'], ['TID-700000000001']],
  ])('reads a label written “%s” with any separator from its value', (label, reads, readsNot) => {
    const pattern = learn(`Rs 75 received. ${label}`, { amount: '75', reference: '700000000001' });
    for (const body of reads) expect(read(pattern, `Rs 80 received. ${body}`)).toMatchObject({ amount: '80', reference: '700000000001' });
    for (const body of readsNot) expect(read(pattern, `Rs 80 received. ${body}`)).toBeNull();
  });

  it.each([
    ['after a space', 'You have received Rs 250 from ALI'],
    ['after a dot', 'You have received Rs.250 from ALI'],
    ['with no space', 'You have received PKR250 from ALI'],
  ])('takes the currency before an amount %s as the amount’s own: any currency reads there', (_case, example) => {
    const pattern = learn(example, { amount: '250' });
    for (const body of ['You have received Rs 75 from ALI', 'You have received PKR. 75 from ALI', 'You have received Rs75 from ALI']) {
      expect(read(pattern, body)).toMatchObject({ amount: '75' });
    }
  });

  it('takes the currency before a balance as the balance’s own', () => {
    const text = 'PKR 5.00 received. Bal Rs 80.25';
    expect(learnedPatternBody(text, [slot(text, 'amount', '5.00'), slot(text, 'balance', '80.25')])).toBe(
      `${CURRENCY}${AMOUNT} received ?\\. ?Bal${SEPARATOR}${CURRENCY}${BALANCE}`,
    );
  });

  it.each([
    ['an amount with no currency before it reads none', 'Amount 5,000.00 credited', 'amount', '5,000.00', `Amount${SEPARATOR}${AMOUNT} credited`],
    ['a currency word that does not stand just before the amount is wording', 'PKR account credited with 5.00', 'amount', '5.00', `PKR account credited with${SEPARATOR}${AMOUNT}`],
    ['a currency word before a name is wording', 'Paid by Rs ALI', 'payerName', 'ALI', `Paid by Rs${SEPARATOR}${NAME}`],
  ])('%s', (_case, text, kind, value, pattern) => {
    expect(learnedPatternBody(text, [slot(text, kind as SlotKind, value)])).toBe(pattern);
  });

  it('makes a greeting optional, any greeting, with or without a space after its comma', () => {
    const pattern = learn('Dear Customer,PKR 5.00 received', { amount: '5.00' });
    for (const body of ['Dear Customer,PKR 7.00 received', 'Hi Sir, PKR 7.00 received', 'PKR 7.00 received']) expect(read(pattern, body)).toMatchObject({ amount: '7.00' });
  });

  it('writes no greeting where the example has none, and reads none', () => {
    const text = 'PKR 5.00 received';
    expect(learnedPatternBody(text, [slot(text, 'amount', '5.00')])).toBe(`${CURRENCY}${AMOUNT} received`);
  });

  it('takes a greeting only at the start, and only before the first slot', () => {
    const midway = learn('Salaam Dear Member, PKR 5.00 received', { amount: '5.00' });
    expect(read(midway, 'Salaam Dear Member, PKR 7.00 received')).toMatchObject({ amount: '7.00' });
    const greetingTheName = learn('Hello ALI, you got PKR 5.00', { payerName: 'ALI', amount: '5.00' });
    expect(read(greetingTheName, 'Hello ALI, you got PKR 5.00')).toMatchObject({ payerName: 'ALI', amount: '5.00' });
  });
});

describe('slotPattern', () => {
  it.each([
    ['a mobile number', '03001234567'],
    ['a mobile number with the country code', '923001234567'],
    ['a mobile number with +92', '+923001234567'],
    ['a masked mobile number', '0300****567'],
  ])('reads a receiving account shaped like %s as a mobile number', (_case, example) => {
    expect(slotPattern('receivingAccount', example)).toBe(mobile('receivingAccount'));
  });

  it.each([
    ['a masked account', '**4455'],
    ['an account number ending in a mobile’s shape', '1203001234567'],
    ['a number too long for a mobile', '0300123456789012'],
    ['a mobile number with a letter', '0300123456X'],
  ])('reads a receiving account shaped like %s as an account', (_case, example) => {
    expect(slotPattern('receivingAccount', example)).toBe(account('receivingAccount'));
  });
});

describe('referencePattern', () => {
  it('keeps an institution’s shape whole, a negated class too', () => {
    expect(referencePattern('AB-123456', /^[^\s]{6,20}$/)).toBe(String.raw`(?<reference>[^\s]{6,20})`);
  });

  it('reads a reference of the example’s digits three fewer or more, never fewer than four', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 16 }), fc.integer({ min: 0, max: 22 }), (length, other) => {
        const pattern = new RegExp(`^${referencePattern('9'.repeat(length))}$`);
        expect(pattern.test('1'.repeat(other))).toBe(other >= Math.max(4, length - 3) && other <= Math.max(4, length - 3, length + 3));
      }),
    );
  });
});

describe('wordingEnd', () => {
  const text = 'PKR 5.00 got. Ref 123456. On 03-12-2026. Thanks';
  const [amount, reference, date] = [slot(text, 'amount', '5.00'), slot(text, 'reference', '123456'), slot(text, 'date', '03-12-2026')];

  it.each([
    ['the last slot’s sentence, whatever order the slots come in', [reference, amount], text.indexOf('. On')],
    ['the last of three', [amount, reference, date], text.indexOf('. Thanks')],
    ['the first sentence, with no slot', [], text.indexOf('. Ref')],
  ])('ends the wording at the end of %s', (_case, slots, end) => {
    expect(wordingEnd(text, slots)).toBe(end);
  });

  it.each([
    ['before a full stop that ends the text', 'PKR 5.00 received.', 17],
    ['before a semicolon', 'PKR 5.00 received; thank you', 17],
    ['with the text, when no sentence ends', 'PKR 5.00 received', 17],
    ['with the text, past full stops inside a word', 'PKR 5.00 received via A.B.C', 27],
  ])('ends the wording %s', (_case, example, end) => {
    expect(wordingEnd(example, [slot(example, 'amount', '5.00')])).toBe(end);
  });
});

describe('literalRuns', () => {
  it.each<[string, string, Partial<Record<SlotKind, string>>, string[]]>([
    ['the words between the slots, not the greeting, the numbers or the tail', 'Dear Customer, PKR 5.00 got in your A/C **4455 from ALI. Thanks', { amount: '5.00' }, ['got in your A/C', 'from ALI']],
    ['no currency before an amount or a balance', 'PKR 5.00 received. Bal Rs 80.25', { amount: '5.00', balance: '80.25' }, ['received', 'Bal']],
    ['a currency dotted and unspaced', 'You have received Rs.250 from ALI', { amount: '250' }, ['You have received', 'from ALI']],
    ['a currency word that does not stand just before the amount', 'PKR account credited with 5.00', { amount: '5.00' }, ['PKR account credited with']],
    ['a currency word before a name', 'PKR 5.00 paid by Rs ALI', { amount: '5.00', payerName: 'ALI' }, ['paid by Rs']],
    ['a greeting-like phrase inside the text', 'Salaam Dear Member, PKR 5.00 received', { amount: '5.00' }, ['Salaam Dear Member', 'received']],
    ['nothing where slots touch the ends', 'PKR 5.00 from ALI', { amount: '5.00', payerName: 'ALI' }, ['from']],
  ])('gives %s', (_case, text, marks, runs) => {
    expect(literalRuns(text, Object.entries(marks).map(([kind, value]) => slot(text, kind as SlotKind, value)))).toEqual(runs);
  });
});

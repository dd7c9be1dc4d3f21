import { MAX_BODY_LENGTH, parseSms } from '../parse-sms';
import { deriveTemplate, Lesson } from './derive-template';
import { LearnedTemplateSet } from './learned-template-set';

const EXAMPLE = 'Dear Customer, your A/C **4455 got PKR 12,500.00 from SANA IQBAL. Txn FT2633712345 on 03-12-2026. Thanks for banking with us.';
const allowedSenders = { bank: ['NEWBANK'] };
const LESSON: Lesson = {
  scope: 'tenant-1',
  sender: 'NEWBANK',
  allowedSenders,
  body: EXAMPLE,
  marks: { amount: { text: '12,500.00' }, reference: { text: 'FT2633712345' }, receivingAccount: { text: '**4455' } },
};

function learned(lesson: Lesson = LESSON): LearnedTemplateSet {
  const derived = deriveTemplate(lesson);
  if (!derived.ok) throw new Error(derived.reason);
  return new LearnedTemplateSet([derived.definition]);
}

describe('deriveTemplate', () => {
  it('derives a template that reads other messages of the wording, finding the payer and date by itself', () => {
    const derived = deriveTemplate(LESSON);
    expect(derived).toMatchObject({ ok: true, slots: ['amount', 'reference', 'receivingAccount'], autoSlots: ['payerName', 'date'] });
    expect(derived.ok && derived.definition).toMatchObject({ id: expect.stringMatching(/^learned\.[0-9a-f]{12}$/), gateway: 'bank', sender: 'NEWBANK', signature: 'your A\\/C' });
    const sibling = 'Dear Sir,\nyour A/C **0021 got PKR 75.50 from M. ALI & SONS.\nTxn IB77120003 on 5-1-2027';
    expect(parseSms({ sender: 'NEWBANK', body: sibling }, { allowedSenders, learned: learned() })).toMatchObject({
      ok: true,
      tier: 'template',
      amountPaisa: 7_550,
      reference: 'IB77120003',
      receivingAccount: '**0021',
      payer: { name: 'M. ALI & SONS' },
    });
  });

  it('gives where each mark stands in the raw body, whatever the spacing before it', () => {
    const body = 'Dear Customer,\n\nyour A/C  **4455 got PKR   12,500.00 from SANA IQBAL. Txn FT2633712345 on 03-12-2026.';
    const derived = deriveTemplate({ ...LESSON, body });
    const at = (value: string) => [body.indexOf(value), body.indexOf(value) + value.length];
    expect(derived.ok && derived.markedSpans).toEqual({ amount: at('12,500.00'), reference: at('FT2633712345'), receivingAccount: at('**4455') });
  });

  it('gives the same wording the same id, another scope another', () => {
    const [one, again, elsewhere] = [deriveTemplate(LESSON), deriveTemplate(LESSON), deriveTemplate({ ...LESSON, scope: 'tenant-2' })];
    expect(one.ok && again.ok && one.definition.id === again.definition.id).toBe(true);
    expect(one.ok && elsewhere.ok && one.definition.id !== elsewhere.definition.id).toBe(true);
  });

  it.each([
    ['a debit', { body: 'Dear Customer, your A/C **4455 debited PKR 12,500.00 to SANA IQBAL. Txn FT2633712345 on 03-12-2026.' }, /no incoming payment/],
    // After the marked wording a promotion is tail; a reversal, a failure or an OTP counts wherever it stands.
    ['a reversal after the wording', { body: `${EXAMPLE} Get 5% off with our app. The transaction was reversed.` }, /no incoming payment \(not_a_credit\)/],
    ['an OTP after the wording', { body: `${EXAMPLE} Get 5% off with our app. Your OTP is 482913.` }, /no incoming payment \(otp_or_promo\)/],
    ['a promotion inside the wording', { body: 'Get 5% cashback: your A/C **4455 got PKR 12,500.00 from SANA IQBAL. Txn FT2633712345 on 03-12-2026.' }, /no incoming payment \(otp_or_promo\)/],
    ['a mark not in the text', { marks: { ...LESSON.marks, amount: { text: '12,600.00' } } }, /“12,600\.00” does not occur/],
    ['a mark that is no amount', { marks: { ...LESSON.marks, amount: { text: 'SANA' } } }, /does not read as a amount/],
    ['a reference left out though labelled', { marks: { ...LESSON.marks, reference: null } }, /has a reference after “Txn”/],
    ['a mark that is no account', { marks: { ...LESSON.marks, receivingAccount: { text: '**4455 got' } } }, /does not read as a receivingAccount/],
    ['marks that touch', { body: 'Your A/C **4455 got PKR 12,500.00FT2633712345 from SANA IQBAL on 03-12-2026' }, /amount and the reference marks overlap or touch: a space or words must stand between them/],
    ['a fragment', { body: 'your A/C **4455 got PKR 12,500.00 from' }, /incomplete/],
    ['a body too long', { body: `${EXAMPLE} ${'x'.repeat(2_000)}` }, /longer than 2000/],
    [
      'a wording a built-in template reads',
      { sender: '8558', allowedSenders: undefined, body: 'Rs 75.00 received in your JazzCash Mobile Account:03444160241 via Raast. TID: 930000000001', marks: { amount: { text: '75.00' }, reference: { text: '930000000001' } } },
      /already read by the template wallet_one\./,
    ],
    ['a sender not allowed', { sender: 'OTHERBANK' }, /not among the tenant's allowed senders/],
    ['a gateway the sender is not allowed for', { gateway: 'wallet_two' as const }, /not allowed for wallet_two/],
    ['an unnamed gateway when the sender is allowed for two', { allowedSenders: { bank: ['NEWBANK'], wallet_one: ['NEWBANK'] } }, /allowed for wallet_one and bank: name the gateway/],
  ])('refuses %s', (_case, change, reason) => {
    const refused = deriveTemplate({ ...LESSON, ...change });
    expect(refused.ok).toBe(false);
    expect(!refused.ok && refused.reason).toMatch(reason);
  });

  it('takes a value that occurs twice only where the operator says', () => {
    const body = 'Your A/C **4455 got PKR 500.00 from SANA IQBAL, fee PKR 500.00 waived. Txn FT2633712345 on 03-12-2026';
    const twice = deriveTemplate({ ...LESSON, body, marks: { ...LESSON.marks, amount: { text: '500.00' } } });
    expect(!twice.ok && twice.reason).toMatch(/occurs more than once/);
    expect(deriveTemplate({ ...LESSON, body, marks: { ...LESSON.marks, amount: { text: '500.00', at: body.indexOf('500.00') } } })).toMatchObject({ ok: true });
  });
});

describe('deriveTemplate: refusals, word for word', () => {
  const withBody = (body: string, marks: Partial<Lesson['marks']> = {}): Partial<Lesson> => ({ body, marks: { ...LESSON.marks, ...marks } });
  const TOO_LITTLE = 'The wording has too little text of its own (two words, six characters, no number) to be told from others';
  const BALANCED = 'Dear Customer, your A/C **4455 got PKR 12,500.00 from SANA IQBAL. Txn FT2633712345. Avl Bal PKR 1,23.456';

  it.each<[string, Partial<Lesson>, string]>([
    ['an empty body', { body: '' }, 'The SMS is empty or incomplete (part of a split message)'],
    ['a mark of nothing but spaces', { marks: { ...LESSON.marks, amount: { text: '  ' } } }, 'The amount mark is empty'],
    ['a mark not in the text', { marks: { ...LESSON.marks, amount: { text: '12,600.00' } } }, 'The amount “12,600.00” does not occur in the SMS'],
    ['a mark not where `at` says', { marks: { ...LESSON.marks, amount: { text: '12,500.00', at: 3 } } }, 'The amount “12,500.00” does not occur in the SMS at 3'],
    ['a zero amount', withBody(EXAMPLE.replace('12,500.00', '0.00'), { amount: { text: '0.00' } }), '“0.00” is not an exact amount'],
    ['an amount that is no exact sum', withBody(EXAMPLE.replace('12,500.00', '12,50.000'), { amount: { text: '12,50.000' } }), '“12,50.000” is not an exact amount'],
    ['a balance that is no exact sum', withBody(BALANCED, { balance: { text: '1,23.456' } }), '“1,23.456” is not an exact amount'],
    ['two different labelled references', { body: EXAMPLE.replace('Thanks for', 'Ref IB99887766. Thanks for') }, 'The SMS names two different references'],
    ['a wording of single words only', withBody('Credit: PKR 12,500.00 | Txn: FT2633712345 | A/C **4455'), TOO_LITTLE],
    ['a wording whose only run of words is short', withBody('Credit: PKR 12,500.00 | Txn: FT2633712345 | In AC **4455'), TOO_LITTLE],
  ])('refuses %s', (_case, change, reason) => {
    expect(deriveTemplate({ ...LESSON, ...change })).toEqual({ ok: false, reason });
  });

  it.each<[string, string, Partial<Lesson['marks']>, string]>([
    // The derived pattern reads the date, and no calendar has a 31 February.
    ['a date no calendar has', EXAMPLE.replace('03-12-2026', '31-02-2026'), {}, 'The derived template would not read its own example: malformed'],
    // The wording's marker ("your A/C") once more in the tail: two places a template could start.
    ['its marker again after the wording', `${EXAMPLE} Manage your A/C online.`, {}, 'The derived template would not read its own example: ambiguous'],
    // A template's reference must be one the words label: here nothing names it.
    [
      'a reference no label names',
      'your A/C **4455 got PKR 12,500.00 from SANA IQBAL via FT2633712345',
      {},
      'The reference “FT2633712345” has no label before it (TID, Ref, Trx ID…): a template reads only a labelled reference; mark none',
    ],
  ])('refuses %s: the derived template must read its own example as marked', (_case, body, marks, reason) => {
    expect(deriveTemplate({ ...LESSON, body, marks: { ...LESSON.marks, ...marks } })).toEqual({ ok: false, reason });
  });

  it('keeps a payer’s name the slot cannot read (ALI_KHAN) as words of the wording, and takes a space between two marks', () => {
    const unreadable = deriveTemplate({ ...LESSON, body: 'Amount 12,500.00 credited to your A/C **4455 from ALI_KHAN. Txn FT2633712345', marks: { ...LESSON.marks, receivingAccount: undefined } });
    expect(unreadable).toMatchObject({ ok: true, autoSlots: [] });
    expect(unreadable.ok && unreadable.definition.pattern).toContain('from ALI_KHAN');

    const body = 'SANA IQBAL 03211234567 ne aap ke account mein Rs 2,500.00 bheje. TID 723456789012. Balance Rs 7,250.75';
    const marks = { amount: { text: '2,500.00' }, reference: { text: '723456789012' }, payerName: { text: 'SANA IQBAL' }, payerNumber: { text: '03211234567' } };
    const derived = deriveTemplate({ ...LESSON, allowedSenders: { bank: ['NEWBANK'] }, body, marks });
    if (!derived.ok) throw new Error(derived.reason);
    const learned = new LearnedTemplateSet([derived.definition]);
    expect(parseSms({ sender: 'NEWBANK', body: 'ALI RAZA KHAN 03001112223 ne aap ke account mein Rs 75 bheje. TID 700000000001. Balance Rs 80.25' }, { allowedSenders, learned })).toMatchObject({
      ok: true,
      amountPaisa: 7_500,
      reference: '700000000001',
      payer: { name: 'ALI RAZA KHAN', number: '03001112223' },
    });
  });
});

describe('deriveTemplate: what it takes', () => {
  const slotsOf = (lesson: Partial<Lesson>) => {
    const derived = deriveTemplate({ ...LESSON, ...lesson });
    return derived.ok ? { slots: derived.slots, autoSlots: derived.autoSlots } : derived.reason;
  };

  it('takes a body of exactly the longest length', () => {
    const body = EXAMPLE.padEnd(MAX_BODY_LENGTH, ' ');
    expect(body).toHaveLength(MAX_BODY_LENGTH);
    expect(deriveTemplate({ ...LESSON, body })).toMatchObject({ ok: true });
  });

  it.each(['bank', 'wallet_one'] as const)('takes the gateway named for a sender allowed for two (%s)', (gateway) => {
    const derived = deriveTemplate({ ...LESSON, gateway, allowedSenders: { bank: ['NEWBANK'], wallet_one: ['NEWBANK'] } });
    expect(derived.ok && derived.definition.gateway).toBe(gateway);
  });

  it('teaches a wording the parser reads only by extraction, not by a template', () => {
    const body = 'Amount 12,500.00 credited to your A/C **4455 from SANA IQBAL. Txn FT2633712345';
    expect(parseSms({ sender: 'NEWBANK', body }, { allowedSenders })).toMatchObject({ ok: true, tier: 'extracted' });
    const derived = deriveTemplate({ ...LESSON, body });
    expect(derived).toMatchObject({ ok: true, slots: ['amount', 'reference', 'receivingAccount'], autoSlots: ['payerName'] });
    expect(derived.ok && derived.definition.signature).toBe('credited to your A\\/C');
    // Its amount stood after no currency: the template reads none there either.
    expect(parseSms({ sender: 'NEWBANK', body: body.replace('12,500.00', '75.50') }, { allowedSenders, learned: learned({ ...LESSON, body }) })).toMatchObject({
      ok: true,
      tier: 'template',
      amountPaisa: 7_550,
    });
  });

  it('takes every kind of mark, balance, date and time too, and finds the rest by itself', () => {
    const body = 'Dear Customer, your A/C **4455 got PKR 12,500.00 from SANA IQBAL on 03-12-2026 at 14:05. Txn FT2633712345. Avl Bal PKR 80,250.75';
    const marks = { ...LESSON.marks, balance: { text: '80,250.75' }, date: { text: '03-12-2026' }, time: { text: '14:05' } };
    expect(slotsOf({ body, marks })).toEqual({ slots: ['amount', 'reference', 'receivingAccount', 'balance', 'date', 'time'], autoSlots: ['payerName'] });
    const sibling = 'Dear Customer, your A/C **0021 got PKR 75.50 from ALI on 5-1-2027 at 9:15. Txn FT2700000001. Avl Bal PKR 100.25';
    expect(parseSms({ sender: 'NEWBANK', body: sibling }, { allowedSenders, learned: learned({ ...LESSON, body, marks }) })).toMatchObject({ ok: true, amountPaisa: 7_550, balancePaisa: 10_025 });
  });

  it.each<[string, string, Partial<Lesson['marks']>, { slots: string[]; autoSlots: string[] }]>([
    [
      'a mark at the very start',
      'SANA IQBAL sent PKR 12,500.00 to your A/C **4455. Txn FT2633712345',
      { payerName: { text: 'SANA IQBAL' } },
      { slots: ['amount', 'reference', 'receivingAccount', 'payerName'], autoSlots: [] },
    ],
    [
      'a date and time at the very start',
      '03-12-2026 14:05 your A/C **4455 got PKR 12,500.00 from SANA IQBAL. Txn FT2633712345',
      {},
      { slots: ['amount', 'reference', 'receivingAccount'], autoSlots: ['payerName', 'date', 'time'] },
    ],
    // Which of the two the date is the parser cannot tell: the numbers stay the wording's.
    [
      'a date written twice',
      'your A/C **4455 got PKR 12,500.00 from SANA IQBAL on 03-12-2026. Txn FT2633712345 dated 03-12-2026',
      {},
      { slots: ['amount', 'reference', 'receivingAccount'], autoSlots: ['payerName'] },
    ],
    // A sender's system that writes "undefined" for a name it lacks: taken as a name, like any other.
    ['a payer written as “undefined”', 'your A/C **4455 got PKR 12,500.00 from undefined. Txn FT2633712345', {}, { slots: ['amount', 'reference', 'receivingAccount'], autoSlots: ['payerName'] }],
  ])('finds the marks and the values the parser reads by itself with %s', (_case, body, marks, expected) => {
    expect(slotsOf({ body, marks: { ...LESSON.marks, ...marks } })).toEqual(expected);
  });

  it.each([
    ['the longest run of words, wherever it stands', 'Raast transfer of PKR 12,500.00 to your account received from ALI. Txn FT2633712345', 'to your account received from'],
    ['two words or more, however long a single word', 'Alhamdulillah: your A/C **4455 got PKR 12,500.00 from SANA IQBAL. Txn FT2633712345', 'your A\\/C'],
  ])('marks the wording by %s', (_case, body, signature) => {
    const derived = deriveTemplate({ ...LESSON, body, marks: { ...LESSON.marks, receivingAccount: body.includes('**4455') ? { text: '**4455' } : undefined } });
    expect(derived.ok && derived.definition.signature).toBe(signature);
  });

  it('takes the occurrence `at` names, as a raw offset, and tells where it stands', () => {
    const body = 'Your A/C **4455 got\nPKR 500.00 from SANA IQBAL, fee PKR 500.00 waived. Txn FT2633712345 on 03-12-2026';
    const first = body.indexOf('500.00');
    const derived = deriveTemplate({ ...LESSON, body, marks: { ...LESSON.marks, amount: { text: '500.00', at: first } } });
    expect(derived.ok && derived.markedSpans.amount).toEqual([first, first + 6]);
  });

  it('takes a zero balance, where an amount must be more than nothing', () => {
    const body = `${EXAMPLE.replace('Thanks for banking with us.', '')}Avl Bal PKR 0.00`;
    const derived = deriveTemplate({ ...LESSON, body, marks: { ...LESSON.marks, balance: { text: '0.00', at: body.lastIndexOf('0.00') } } });
    expect(derived).toMatchObject({ ok: true, slots: ['amount', 'reference', 'receivingAccount', 'balance'] });
  });
});

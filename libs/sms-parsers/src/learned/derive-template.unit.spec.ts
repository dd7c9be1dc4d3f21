import { parseSms } from '../parse-sms';
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
    ['marks that touch', { body: 'Your A/C **4455 got PKR 12,500.00 FT2633712345 from SANA IQBAL on 03-12-2026' }, /amount and the reference marks overlap or touch/],
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

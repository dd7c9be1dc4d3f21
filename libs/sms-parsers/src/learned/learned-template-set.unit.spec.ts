import { NormalisedText } from '../normalise/text';
import { parseSms } from '../parse-sms';
import { anchored } from '../templates/template';
import { LearnedTemplateSet } from './learned-template-set';
import { learnedPatternBody, Slot, SlotKind } from './template-pattern';

/** A wording the built-in parser does not read. */
const EXAMPLE = 'Dear Customer, your A/C **4455 got PKR 12,500.00 from SANA IQBAL. Txn FT2633712345 on 03-12-2026. Thanks for banking with us.';
const MARKS: Partial<Record<SlotKind, string>> = { amount: '12,500.00', receivingAccount: '**4455', payerName: 'SANA IQBAL', date: '03-12-2026', reference: 'FT2633712345' };

function taught(sender = 'NEWBANK'): LearnedTemplateSet {
  const { text } = new NormalisedText(EXAMPLE);
  const slots: Slot[] = Object.entries(MARKS).map(([kind, value]) => ({ kind: kind as SlotKind, start: text.indexOf(value), end: text.indexOf(value) + value.length }));
  return new LearnedTemplateSet([
    { id: 'learned.0123456789ab', gateway: 'bank', institution: null, sender, pattern: anchored(learnedPatternBody(text, slots)).source, signature: 'got PKR' },
  ]);
}

const allowedSenders = { bank: ['NEWBANK'] };
const SIBLING = 'Dear Customer, your A/C **9911 got PKR 900.00 from ALI RAZA.\nTxn FT2700011122 on 4-1-2027';

describe('learned templates in the parse', () => {
  it('read their wording from their sender as the template tier does', () => {
    expect(parseSms({ sender: 'NEWBANK', body: SIBLING }, { allowedSenders })).toEqual({ ok: false, reason: 'unrecognized_template' });
    expect(parseSms({ sender: 'NEWBANK', body: SIBLING }, { allowedSenders, learned: taught() })).toMatchObject({
      ok: true,
      gateway: 'bank',
      tier: 'template',
      templateId: 'learned.0123456789ab',
      institution: null,
      amountPaisa: 90_000,
      reference: 'FT2700011122',
      receivingAccount: '**9911',
      payer: { name: 'ALI RAZA' },
    });
  });

  it("read no other sender's messages", () => {
    expect(parseSms({ sender: 'OTHERBANK', body: SIBLING }, { allowedSenders: { bank: ['OTHERBANK'] }, learned: taught() })).toEqual({ ok: false, reason: 'unrecognized_template' });
  });

  it('are judged as built-in templates are: wording that makes it no payment still rejects', () => {
    const learned = taught();
    expect(parseSms({ sender: 'NEWBANK', body: `${SIBLING} This transaction has been reversed.` }, { allowedSenders, learned })).toMatchObject({ ok: false });
    expect(parseSms({ sender: 'NEWBANK', body: `${SIBLING} Your OTP is 482913.` }, { allowedSenders, learned })).toMatchObject({ ok: false });
  });
});

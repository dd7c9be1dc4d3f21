import { NormalisedText } from '../normalise/text';
import { parseSms } from '../parse-sms';
import { anchored } from '../templates/template';
import { Gateway } from '../sms.types';
import { LearnedTemplateDefinition, LearnedTemplateSet, learnedWordingsOverlap } from './learned-template-set';
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

const definition = (id: string, gateway: Gateway, sender = 'NEWBANK'): LearnedTemplateDefinition => ({
  id,
  gateway,
  institution: null,
  sender,
  pattern: '^PKR (?<amount>\\d+) in (?<reference>\\d{6})$',
  signature: 'in',
});
const ids = (templates: readonly { readonly id: string }[]) => templates.map((template) => template.id);

describe('LearnedTemplateSet', () => {
  const set = new LearnedTemplateSet([definition('learned.bank', 'bank'), definition('learned.wallet', 'wallet_one'), definition('learned.other', 'bank', 'OTHERBANK')]);

  it.each<[string, Gateway[], string[]]>([
    ['one gateway', ['bank'], ['learned.bank']],
    ['another', ['wallet_one'], ['learned.wallet']],
    ['both, in the order learned', ['wallet_one', 'bank'], ['learned.bank', 'learned.wallet']],
    ['none it was learned for', ['wallet_two'], []],
  ])('gives a sender’s templates for the gateways it is trusted for: %s', (_case, gateways, expected) => {
    expect(ids(set.forSender('NEWBANK', gateways))).toEqual(expected);
  });

  it('gives nothing for a sender it learned nothing from', () => {
    expect(set.forSender('THIRDBANK', ['bank'])).toEqual([]);
  });

  it('finds a template by its sender written any way: spaced, dashed, in small letters', () => {
    const written = new LearnedTemplateSet([definition('learned.spaced', 'bank', 'new-bank'), definition('learned.small', 'bank', 'New Bank')]);
    expect(ids(written.forSender('NEWBANK', ['bank']))).toEqual(['learned.spaced', 'learned.small']);
    expect(parseSms({ sender: 'NEWBANK', body: SIBLING }, { allowedSenders, learned: taught('new bank') })).toMatchObject({ ok: true, templateId: 'learned.0123456789ab' });
  });

  it('adds a candidate without changing the set it came from', () => {
    const more = set.with(definition('learned.candidate', 'bank'));
    expect(ids(more.definitions)).toEqual(['learned.bank', 'learned.wallet', 'learned.other', 'learned.candidate']);
    expect(ids(more.forSender('NEWBANK', ['bank']))).toEqual(['learned.bank', 'learned.candidate']);
    expect(ids(set.forSender('NEWBANK', ['bank']))).toEqual(['learned.bank']);
  });
});

describe('learnedWordingsOverlap', () => {
  const wording = (pattern: string, example: string) => ({ pattern, example });
  const credited = wording('^PKR \\d+ credited to your A/C$', 'PKR 500 credited to your A/C');
  const anyCredit = wording('^PKR \\d+ (?:credited|received)', 'PKR 75 received in your wallet');
  const debited = wording('^PKR \\d+ debited', 'PKR 500 debited from your A/C');

  it.each([
    ['the second reads the first’s example', credited, anyCredit, true],
    ['the first reads the second’s example', anyCredit, credited, true],
    ['neither reads the other’s', credited, debited, false],
    ['a wording and itself', debited, debited, true],
  ])('tells two wordings overlap when either reads the other’s example: %s', (_case, a, b, overlap) => {
    expect(learnedWordingsOverlap(a, b)).toBe(overlap);
    expect(learnedWordingsOverlap(b, a)).toBe(overlap);
  });

  it('reads the example as the parse does: single-line, in any case', () => {
    expect(learnedWordingsOverlap(credited, wording('^never$', 'pkr 500\nCREDITED  to your a/c'))).toBe(true);
  });
});

import fc from 'fast-check';
import { AllowedSenders, Gateway } from '@pvs/contracts';
import { normalizeSender } from '../institutions/senders';
import { parseSms } from '../parse-sms';
import { CORPUS } from '../testing/corpus/corpus';
import { GATHERED, HELD_OUT } from '../testing/corpus/gathered-corpus';
import { NON_PAYMENT, SPACING } from '../testing/perturbations';
import { deriveTemplate, Marks } from './derive-template';
import { LearnedTemplateDefinition, LearnedTemplateSet } from './learned-template-set';

/**
 * Wordings the built-in parser does not read, invented for these tests (senders, names and numbers too): one example
 * of each teaches a template, which must read the other messages of the wording exactly and nothing else.
 */
interface Family {
  readonly sender: string;
  readonly gateway: Gateway;
  readonly example: string;
  readonly marks: Marks;
  /** Other messages of the wording, with the amount (paisa) and reference each must read as. */
  readonly siblings: readonly (readonly [body: string, amountPaisa: number, reference: string | null])[];
  /** Messages of the same shape in other words: the wording's words are kept as written, so none of these is read by it. */
  readonly otherWords: readonly string[];
}

const FAMILIES: readonly Family[] = [
  {
    sender: 'NEWBANK',
    gateway: 'bank',
    example: 'Dear Customer, your A/C **4455 got PKR 12,500.00 from SANA IQBAL. Txn FT2633712345 on 03-12-2026. Thanks for banking with us.',
    marks: { amount: { text: '12,500.00' }, reference: { text: 'FT2633712345' }, receivingAccount: { text: '**4455' } },
    siblings: [
      ['Dear Customer, your A/C **0021 got PKR 75.50 from M. ALI & SONS. Txn FT2700000001 on 5-1-2027.', 7_550, 'FT2700000001'],
      ['Dear Valued Member,\nyour A/C **9911 got PKR 1,000,000.00 from ZARA.\nTxn FT263371234 on 31-12-2026', 100_000_000, 'FT263371234'],
      ['your A/C **4455 got PKR 9.99 from NOOR FATIMA . Txn FT2633799999 on 03-12-2026 . Call 111-222-333 for help.', 999, 'FT2633799999'],
    ],
    otherWords: [
      'Dear Customer, his A/C **0021 got PKR 75.50 from ALI. Txn FT2700000001 on 5-1-2027.',
      'Dear Customer, your A/C **0021 sent PKR 75.50 from ALI. Txn FT2700000001 on 5-1-2027.',
    ],
  },
  {
    sender: 'FLOWBANK',
    gateway: 'bank',
    example: 'Inflow PKR 2,000.00 | A/C xx1234 | By: SAIMA BIBI | Ref: IB99887766 | 05/01/2027',
    marks: { amount: { text: '2,000.00' }, reference: { text: 'IB99887766' }, payerName: { text: 'SAIMA BIBI' } },
    siblings: [
      ['Inflow PKR 150.00 | A/C xx5678 | By: ALI | Ref: IB12345678 | 06/01/2027', 15_000, 'IB12345678'],
      ['Inflow PKR 7,420.25|A/C xx1234|By:KAMRAN QURESHI|Ref:IB1234567890|7/1/2027', 742_025, 'IB1234567890'],
    ],
    otherWords: ['Outflow PKR 150.00 | A/C xx5678 | By: ALI | Ref: IB12345678 | 06/01/2027', 'Inflow PKR 150.00 | Card xx5678 | By: ALI | Ref: IB12345678 | 06/01/2027'],
  },
];

function definitionOf(family: Family): LearnedTemplateDefinition {
  const derived = deriveTemplate({ scope: 'tenant', sender: family.sender, body: family.example, marks: family.marks, allowedSenders: { [family.gateway]: [family.sender] } });
  if (!derived.ok) throw new Error(`${family.sender}: ${derived.reason}`);
  return derived.definition;
}

const DEFINITIONS = FAMILIES.map(definitionOf);

describe('learned templates, taught from one example each', () => {
  it.each(FAMILIES.map((family, i) => [family.sender, family, DEFINITIONS[i]] as const))('%s: a wording the built-in parser does not read; its other messages read exactly, the same shape in other words not at all', (_sender, family, definition) => {
    const allowedSenders = { [family.gateway]: [family.sender] };
    const learned = new LearnedTemplateSet([definition]);
    expect(parseSms({ sender: family.sender, body: family.example }, { allowedSenders })).toMatchObject({ ok: false });
    for (const [body, amountPaisa, reference] of family.siblings) {
      expect(parseSms({ sender: family.sender, body }, { allowedSenders, learned })).toMatchObject({ ok: true, templateId: definition.id, amountPaisa, reference });
    }
    for (const body of family.otherWords) expect(parseSms({ sender: family.sender, body }, { allowedSenders, learned })).not.toMatchObject({ templateId: definition.id });
  });

  it.each(FAMILIES.map((family, i) => [family.sender, family, DEFINITIONS[i]] as const))(
    '%s: reads its wording with any spacing and line breaks, and nothing a debit, failure, reversal or request rewrite makes of it',
    (_sender, family, definition) => {
      const allowedSenders = { [family.gateway]: [family.sender] };
      const learned = new LearnedTemplateSet([definition]);
      const [[body, amountPaisa, reference]] = family.siblings;
      const amountAt = body.indexOf(String(amountPaisa / 100).split('.')[0]);
      const located = { body, amount: [amountAt, amountAt + 1] as const, reference: null };
      fc.assert(
        fc.property(SPACING, (perturb) => {
          const variant = perturb(located);
          if (variant !== undefined) expect(parseSms({ sender: family.sender, body: variant }, { allowedSenders, learned })).toMatchObject({ ok: true, templateId: definition.id, amountPaisa, reference });
        }),
      );
      for (const [, rewrite] of NON_PAYMENT) {
        fc.assert(
          fc.property(rewrite, (perturb) => {
            const variant = perturb(located);
            if (variant !== undefined) expect(parseSms({ sender: family.sender, body: variant }, { allowedSenders, learned })).toMatchObject({ ok: false });
          }),
        );
      }
    },
  );

  /** Every message of the corpora, its sender trusted for every gateway, with each family's template learned for it too. */
  const corpora = [
    ...CORPUS.map((entry) => ({ id: entry.name, sender: entry.sender, body: entry.body, receivedAt: entry.receivedAt })),
    ...[...GATHERED, ...HELD_OUT].map((entry) => ({ id: entry.id, sender: entry.sender, body: entry.body, receivedAt: entry.receivedAt })),
  ];

  it(`read nothing else in the corpora (${corpora.length} messages, the held-out set too): every result as without them`, () => {
    const changed = corpora.filter((entry) => {
      const sender = normalizeSender(entry.sender);
      const allowedSenders: AllowedSenders = { wallet_one: [entry.sender], wallet_two: [entry.sender], bank: [entry.sender] };
      const learned = new LearnedTemplateSet(DEFINITIONS.map((definition) => ({ ...definition, sender })));
      const input = { sender: entry.sender, body: entry.body, receivedAt: entry.receivedAt };
      return JSON.stringify(parseSms(input, { allowedSenders, learned })) !== JSON.stringify(parseSms(input, { allowedSenders }));
    });
    expect(changed.map((entry) => entry.id)).toEqual([]);
  });
});

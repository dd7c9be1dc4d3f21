import { SMS_TEMPLATE_LEARNED, SMS_TEMPLATE_PROMOTED, SMS_TEMPLATE_RETIRED, SmsTemplateEvent, SmsTemplateLearned } from '@pvs/contracts';
import { Refusal, fold } from '../decider';
import { Principal } from '../operator';
import { DeciderSpecification } from '../testing/decider-specification';
import { LEARNED_TEMPLATE_NOT_FOUND, LearnedTemplateCommand, decideLearnedTemplates, learnedTemplatesDecider } from './decide';
import { LearnedTemplate, NO_LEARNED_TEMPLATES, evolveLearnedTemplates } from './evolve';

const ID = 'learned.0123456789ab';
const ayesha: Principal = { id: 'op_0a1b2c3d4e5f6071', name: 'Ayesha Siddiqui' };
const LEARNED_AT = '2026-11-27T09:00:00.000Z';
const LATER = '2026-11-28T09:00:00.000Z';
const template = {
  templateId: ID,
  tenantId: 'b2a4c1e0-58f4-4c3b-8a51-5d6f0e9c2a17',
  gateway: 'bank' as const,
  institution: null,
  sender: 'NEWBANK',
  pattern: '^got (?<amount>\\d+)$',
  signature: 'got',
  example: { smsId: null, sender: 'NEWBANK', body: 'got 5', marks: { amount: [4, 5] as const } },
  note: 'new wording since November',
};
const learn: LearnedTemplateCommand = { type: 'Learn', template, exampleText: 'got 5', examples: {}, by: ayesha, now: new Date(LEARNED_AT) };
const promote: LearnedTemplateCommand = { type: 'Promote', templateId: ID, note: 'every bank customer', examples: { [ID]: 'got 5' }, by: ayesha, now: new Date(LATER) };
const retire: LearnedTemplateCommand = { type: 'Retire', templateId: ID, note: 'the bank changed it again', by: ayesha, now: new Date(LATER) };
const learned: SmsTemplateLearned = { type: SMS_TEMPLATE_LEARNED, data: { ...template, learnedBy: 'Ayesha Siddiqui', learnedAt: LEARNED_AT } };
const promoted: SmsTemplateEvent = { type: SMS_TEMPLATE_PROMOTED, data: { templateId: ID, promotedBy: 'Ayesha Siddiqui', note: 'every bank customer', promotedAt: LATER } };
const retired: SmsTemplateEvent = { type: SMS_TEMPLATE_RETIRED, data: { templateId: ID, retiredBy: 'Ayesha Siddiqui', note: 'the bank changed it again', retiredAt: LATER } };
const notFound: Refusal = { kind: 'not_found', message: LEARNED_TEMPLATE_NOT_FOUND };

const given = DeciderSpecification.for(learnedTemplatesDecider);

describe('decideLearnedTemplates', () => {
  it.each<[string, SmsTemplateEvent[], LearnedTemplateCommand, SmsTemplateEvent[]]>([
    ['Learn', [], learn, [learned]],
    ['Learn again once retired', [learned, retired], learn, [learned]],
    ['Promote', [learned], promote, [promoted]],
    ['Promote again', [learned, promoted], promote, []],
    ['Retire', [learned], retire, [retired]],
    ['Retire again', [learned, retired], retire, []],
  ])('%s', (_, history, command, expected) => {
    given(history).when(command).then(expected);
  });

  it.each<[string, SmsTemplateEvent[], LearnedTemplateCommand, Refusal]>([
    ['Learn again while live', [learned], learn, { kind: 'conflict', message: `The template ${ID} is already learned` }],
    ['Promote a retired template', [learned, retired], promote, { kind: 'conflict', message: `The template ${ID} is retired: learn it again first` }],
    ['Promote an unknown template', [], promote, notFound],
    ['Retire an unknown template', [], retire, notFound],
  ])('%s: refused', (_, history, command, refusal) => {
    given(history).when(command).thenRefuses(refusal);
  });

  describe('wordings that overlap (either reads the other\'s example)', () => {
    const OTHER = 'learned.ba9876543210';
    const otherTenant = '5c0d7a4e-91b2-4f6a-8e3d-2a1b0c9d8e7f';
    const another = (overrides: Partial<typeof template>): SmsTemplateLearned => ({
      type: SMS_TEMPLATE_LEARNED,
      data: { ...template, templateId: OTHER, example: { ...template.example, body: 'got 70' }, ...overrides, learnedBy: 'Bilal', learnedAt: LEARNED_AT },
    });
    const overlaps: Refusal = { kind: 'unprocessable', message: `The wording overlaps the learned template ${OTHER} (one reads the other's example): retire it first` };
    const promotedOther: SmsTemplateEvent = { type: SMS_TEMPLATE_PROMOTED, data: { templateId: OTHER, promotedBy: 'Bilal', note: '', promotedAt: LATER } };
    const retiredOther: SmsTemplateEvent = { type: SMS_TEMPLATE_RETIRED, data: { templateId: OTHER, retiredBy: 'Bilal', note: '', retiredAt: LATER } };

    /** The command with the examples' texts the handler opens: here, as the history's events hold them. */
    const knowing = (command: LearnedTemplateCommand, history: readonly SmsTemplateEvent[]): LearnedTemplateCommand => {
      const examples = Object.fromEntries(history.flatMap((event) => (event.type === SMS_TEMPLATE_LEARNED ? [[event.data.templateId, event.data.example.body]] : [])));
      return command.type === 'Retire' ? command : { ...command, examples };
    };

    it.each<[string, SmsTemplateEvent[], LearnedTemplateCommand]>([
      ['the same tenant and sender: refused', [another({})], learn],
      ['its pattern reads ours only: refused', [another({ pattern: '^got (?<amount>\\d+)(?: rupees)?$', example: { ...template.example, body: 'got 70 rupees' } })], learn],
      ['ours reads its example only: refused', [another({ pattern: '^got (?<amount>\\d+) today$', example: { ...template.example, body: 'got 5' } })], learn],
      ['another tenant\'s, promoted to all: refused', [another({ tenantId: otherTenant }), promotedOther], learn],
      ['promoting over another tenant\'s: refused', [learned, another({ tenantId: otherTenant })], promote],
    ])('%s', (_, history, command) => {
      given(history).when(knowing(command, history)).thenRefuses(overlaps);
    });

    it('checks an erased example one way: its pattern still reads ours, ours cannot be told to read it', () => {
      const readsOurs = another({ pattern: '^got (?<amount>\\d+)(?: rupees)?$', example: { ...template.example, body: 'got 70 rupees' } });
      const readByOurs = another({ pattern: '^got (?<amount>\\d+) today$', example: { ...template.example, body: 'got 5' } });
      given([readsOurs]).when({ ...learn, examples: { [OTHER]: null } }).thenRefuses(overlaps);
      given([readByOurs]).when({ ...learn, examples: { [OTHER]: null } }).then([learned]);
      given([readByOurs]).when({ ...learn, examples: { [OTHER]: 'got 5' } }).thenRefuses(overlaps);
    });

    it.each<[string, SmsTemplateEvent[], LearnedTemplateCommand, SmsTemplateEvent[]]>([
      ['a wording of its own', [another({ pattern: '^got (?<amount>\\d+) today$', example: { ...template.example, body: 'got 5 today' } })], learn, [learned]],
      ['another sender', [another({ sender: 'OTHERBANK' })], learn, [learned]],
      ['another tenant\'s', [another({ tenantId: otherTenant })], learn, [learned]],
      ['a retired one', [another({}), retiredOther], learn, [learned]],
      ['promoting over a retired one', [learned, another({ tenantId: otherTenant }), retiredOther], promote, [promoted]],
    ])('%s', (_, history, command, expected) => {
      given(history).when(knowing(command, history)).then(expected);
    });
  });

  it('is the decider with its fold and its events', () => {
    expect(learnedTemplatesDecider.decide).toBe(decideLearnedTemplates);
    expect(learnedTemplatesDecider.evolve).toBe(evolveLearnedTemplates);
    expect(learnedTemplatesDecider.initialState).toBe(NO_LEARNED_TEMPLATES);
    expect([learned, promoted, retired].every((event) => learnedTemplatesDecider.isEvent(event))).toBe(true);
    expect(learnedTemplatesDecider.isEvent({ type: 'SmsParsed', data: {} })).toBe(false);
  });
});

describe('evolveLearnedTemplates', () => {
  const live: LearnedTemplate = { ...learned.data, scope: 'tenant', promotedAt: null, promotedBy: null, retiredAt: null, retiredBy: null };
  it.each<[string, SmsTemplateEvent[], Record<string, LearnedTemplate>]>([
    ['no event', [], {}],
    ['learned', [learned], { [ID]: live }],
    ['promoted', [learned, promoted], { [ID]: { ...live, scope: 'all', promotedAt: LATER, promotedBy: 'Ayesha Siddiqui' } }],
    ['retired', [learned, retired], { [ID]: { ...live, retiredAt: LATER, retiredBy: 'Ayesha Siddiqui' } }],
    ['learned again after retirement', [learned, promoted, retired, learned], { [ID]: live }],
    ['a promotion or retirement of a template never learned', [promoted, retired], {}],
  ])('%s', (_, events, expected) => {
    expect(fold(learnedTemplatesDecider, events).templates).toStrictEqual(expected);
  });
});

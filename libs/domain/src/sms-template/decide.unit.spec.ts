import { SMS_TEMPLATE_LEARNED, SMS_TEMPLATE_PROMOTED, SMS_TEMPLATE_RETIRED, SmsTemplateEvent, SmsTemplateLearned } from '@pvs/contracts';
import { fold } from '../decider';
import { Principal } from '../operator';
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
const learn: LearnedTemplateCommand = { type: 'Learn', template, by: ayesha, now: new Date(LEARNED_AT) };
const promote: LearnedTemplateCommand = { type: 'Promote', templateId: ID, note: 'every bank customer', by: ayesha, now: new Date(LATER) };
const retire: LearnedTemplateCommand = { type: 'Retire', templateId: ID, note: 'the bank changed it again', by: ayesha, now: new Date(LATER) };
const learned: SmsTemplateLearned = { type: SMS_TEMPLATE_LEARNED, data: { ...template, learnedBy: 'Ayesha Siddiqui', learnedAt: LEARNED_AT } };
const promoted: SmsTemplateEvent = { type: SMS_TEMPLATE_PROMOTED, data: { templateId: ID, promotedBy: 'Ayesha Siddiqui', note: 'every bank customer', promotedAt: LATER } };
const retired: SmsTemplateEvent = { type: SMS_TEMPLATE_RETIRED, data: { templateId: ID, retiredBy: 'Ayesha Siddiqui', note: 'the bank changed it again', retiredAt: LATER } };
const notFound = { ok: false, refusal: { kind: 'not_found', message: LEARNED_TEMPLATE_NOT_FOUND } };

describe('decideLearnedTemplates', () => {
  it.each<[string, SmsTemplateEvent[], LearnedTemplateCommand, unknown]>([
    ['Learn', [], learn, { ok: true, events: [learned] }],
    ['Learn again while live', [learned], learn, { ok: false, refusal: { kind: 'conflict', message: `The template ${ID} is already learned` } }],
    ['Learn again once retired', [learned, retired], learn, { ok: true, events: [learned] }],
    ['Promote', [learned], promote, { ok: true, events: [promoted] }],
    ['Promote again', [learned, promoted], promote, { ok: true, events: [] }],
    ['Promote a retired template', [learned, retired], promote, { ok: false, refusal: { kind: 'conflict', message: `The template ${ID} is retired: learn it again first` } }],
    ['Promote an unknown template', [], promote, notFound],
    ['Retire', [learned], retire, { ok: true, events: [retired] }],
    ['Retire again', [learned, retired], retire, { ok: true, events: [] }],
    ['Retire an unknown template', [], retire, notFound],
  ])('%s', (_, given, command, expected) => {
    expect(learnedTemplatesDecider.decide(command, fold(learnedTemplatesDecider, given))).toStrictEqual(expected);
  });

  describe('wordings that overlap (either reads the other\'s example)', () => {
    const OTHER = 'learned.ba9876543210';
    const otherTenant = '5c0d7a4e-91b2-4f6a-8e3d-2a1b0c9d8e7f';
    const another = (overrides: Partial<typeof template>): SmsTemplateLearned => ({
      type: SMS_TEMPLATE_LEARNED,
      data: { ...template, templateId: OTHER, example: { ...template.example, body: 'got 70' }, ...overrides, learnedBy: 'Bilal', learnedAt: LEARNED_AT },
    });
    const overlaps = { ok: false, refusal: { kind: 'unprocessable', message: `The wording overlaps the learned template ${OTHER} (one reads the other's example): retire it first` } };
    const promotedOther: SmsTemplateEvent = { type: SMS_TEMPLATE_PROMOTED, data: { templateId: OTHER, promotedBy: 'Bilal', note: '', promotedAt: LATER } };
    const retiredOther: SmsTemplateEvent = { type: SMS_TEMPLATE_RETIRED, data: { templateId: OTHER, retiredBy: 'Bilal', note: '', retiredAt: LATER } };

    it.each<[string, SmsTemplateEvent[], LearnedTemplateCommand, unknown]>([
      ['the same tenant and sender: refused', [another({})], learn, overlaps],
      ['its pattern reads ours only: refused', [another({ pattern: '^got (?<amount>\\d+)(?: rupees)?$', example: { ...template.example, body: 'got 70 rupees' } })], learn, overlaps],
      ['ours reads its example only: refused', [another({ pattern: '^got (?<amount>\\d+) today$', example: { ...template.example, body: 'got 5' } })], learn, overlaps],
      ['a wording of its own', [another({ pattern: '^got (?<amount>\\d+) today$', example: { ...template.example, body: 'got 5 today' } })], learn, { ok: true, events: [learned] }],
      ['another sender', [another({ sender: 'OTHERBANK' })], learn, { ok: true, events: [learned] }],
      ['another tenant\'s', [another({ tenantId: otherTenant })], learn, { ok: true, events: [learned] }],
      ['another tenant\'s, promoted to all: refused', [another({ tenantId: otherTenant }), promotedOther], learn, overlaps],
      ['a retired one', [another({}), retiredOther], learn, { ok: true, events: [learned] }],
      ['promoting over another tenant\'s: refused', [learned, another({ tenantId: otherTenant })], promote, overlaps],
      ['promoting over a retired one', [learned, another({ tenantId: otherTenant }), retiredOther], promote, { ok: true, events: [promoted] }],
    ])('%s', (_, given, command, expected) => {
      expect(learnedTemplatesDecider.decide(command, fold(learnedTemplatesDecider, given))).toStrictEqual(expected);
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

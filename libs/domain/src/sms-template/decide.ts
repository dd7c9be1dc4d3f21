import { SMS_TEMPLATE_LEARNED, SMS_TEMPLATE_PROMOTED, SMS_TEMPLATE_RETIRED, SmsTemplateEvent, SmsTemplateLearnedData, isSmsTemplateEvent } from '@pvs/contracts';
import { learnedWordingsOverlap } from '@pvs/sms-parsers';
import { Decider, Decision, accept, refuse } from '../decider';
import { Principal } from '../operator';
import { LearnedTemplate, LearnedTemplatesState, NO_LEARNED_TEMPLATES, evolveLearnedTemplates } from './evolve';

type Wording = Pick<SmsTemplateLearnedData, 'templateId' | 'tenantId' | 'sender' | 'pattern'>;

/**
 * The texts of the templates' examples, by template id, as the command's caller opened them (an example is payer
 * data, recorded sealed): null for one erased, and for one the caller did not know of, which is then checked one way.
 */
export type ExampleTexts = Readonly<Record<string, string | null>>;

/**
 * A live template of the same sender, reading messages of the tenants `wording` would read (`everyTenant` after a
 * promotion), whose wording overlaps it. Checked on the stream, so two operators teaching at once cannot both pass.
 */
function overlapping(state: LearnedTemplatesState, wording: Wording, text: string | null, examples: ExampleTexts, everyTenant: boolean): LearnedTemplate | undefined {
  return Object.values(state.templates).find(
    (other) =>
      other.templateId !== wording.templateId &&
      other.retiredAt === null &&
      other.sender === wording.sender &&
      (everyTenant || other.scope === 'all' || other.tenantId === wording.tenantId) &&
      learnedWordingsOverlap({ pattern: other.pattern, example: examples[other.templateId] ?? null }, { pattern: wording.pattern, example: text }),
  );
}

const overlapRefusal = (other: LearnedTemplate) =>
  refuse('unprocessable', `The wording overlaps the learned template ${other.templateId} (one reads the other's example): retire it first`);

export const LEARNED_TEMPLATE_NOT_FOUND = 'Learned template not found';

export type LearnedTemplateCommand =
  | {
      readonly type: 'Learn';
      /** As it is recorded: its example's body sealed. */
      readonly template: Omit<SmsTemplateLearnedData, 'learnedBy' | 'learnedAt'>;
      /** Its example's text. */
      readonly exampleText: string;
      readonly examples: ExampleTexts;
      readonly by: Principal;
      readonly now: Date;
    }
  | { readonly type: 'Promote'; readonly templateId: string; readonly note: string; readonly examples: ExampleTexts; readonly by: Principal; readonly now: Date }
  | { readonly type: 'Retire'; readonly templateId: string; readonly note: string; readonly by: Principal; readonly now: Date };

/**
 * A template is learned once while it is live (learning a retired one again brings it back); promoting makes it read
 * every tenant's messages, and a retired one cannot be promoted; retiring twice changes nothing.
 */
export function decideLearnedTemplates(command: LearnedTemplateCommand, state: LearnedTemplatesState): Decision<SmsTemplateEvent> {
  if (command.type === 'Learn') {
    const known = state.templates[command.template.templateId];
    if (known !== undefined && known.retiredAt === null) return refuse('conflict', `The template ${known.templateId} is already learned`);
    const other = overlapping(state, command.template, command.exampleText, command.examples, false);
    if (other) return overlapRefusal(other);
    return accept({ type: SMS_TEMPLATE_LEARNED, data: { ...command.template, learnedBy: command.by.name, learnedAt: command.now.toISOString() } });
  }
  const template = state.templates[command.templateId];
  if (template === undefined) return refuse('not_found', LEARNED_TEMPLATE_NOT_FOUND);
  const { templateId, note, by, now } = command;
  if (command.type === 'Promote') {
    if (template.retiredAt !== null) return refuse('conflict', `The template ${templateId} is retired: learn it again first`);
    if (template.scope === 'all') return accept();
    const other = overlapping(state, template, command.examples[templateId] ?? null, command.examples, true);
    if (other) return overlapRefusal(other);
    return accept({ type: SMS_TEMPLATE_PROMOTED, data: { templateId, promotedBy: by.name, note, promotedAt: now.toISOString() } });
  }
  if (template.retiredAt !== null) return accept();
  return accept({ type: SMS_TEMPLATE_RETIRED, data: { templateId, retiredBy: by.name, note, retiredAt: now.toISOString() } });
}

export const learnedTemplatesDecider: Decider<LearnedTemplateCommand, LearnedTemplatesState, SmsTemplateEvent> = {
  initialState: NO_LEARNED_TEMPLATES,
  isEvent: isSmsTemplateEvent,
  evolve: evolveLearnedTemplates,
  decide: decideLearnedTemplates,
};

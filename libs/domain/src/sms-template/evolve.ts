import { SMS_TEMPLATE_LEARNED, SMS_TEMPLATE_PROMOTED, SmsTemplateEvent, SmsTemplateLearnedData } from '@pvs/contracts';

/** A learned template as folded from the stream: as learned, and whether it was promoted or retired, when and by whom. */
export interface LearnedTemplate extends SmsTemplateLearnedData {
  readonly scope: 'tenant' | 'all';
  readonly promotedAt: string | null;
  readonly promotedBy: string | null;
  readonly retiredAt: string | null;
  readonly retiredBy: string | null;
}

/** Every template ever learned, by id (a record, not a map: states are compared as JSON). */
export interface LearnedTemplatesState {
  readonly templates: Readonly<Record<string, LearnedTemplate>>;
}

export const NO_LEARNED_TEMPLATES: LearnedTemplatesState = { templates: {} };

/** An event for a template the state does not know is ignored: folding never throws, whatever the order. */
export function evolveLearnedTemplates(state: LearnedTemplatesState, event: SmsTemplateEvent): LearnedTemplatesState {
  if (event.type === SMS_TEMPLATE_LEARNED) {
    const learned: LearnedTemplate = { ...event.data, scope: 'tenant', promotedAt: null, promotedBy: null, retiredAt: null, retiredBy: null };
    return { templates: { ...state.templates, [event.data.templateId]: learned } };
  }
  const known = state.templates[event.data.templateId];
  if (known === undefined) return state;
  const changed: LearnedTemplate =
    event.type === SMS_TEMPLATE_PROMOTED
      ? { ...known, scope: 'all', promotedAt: event.data.promotedAt, promotedBy: event.data.promotedBy }
      : { ...known, retiredAt: event.data.retiredAt, retiredBy: event.data.retiredBy };
  return { templates: { ...state.templates, [known.templateId]: changed } };
}

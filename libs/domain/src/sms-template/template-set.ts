import { LearnedTemplateSet, isInstitutionId } from '@pvs/sms-parsers';
import { LearnedTemplatesState } from './evolve';

/** The live templates that read a tenant's messages: its own, and those promoted to every tenant. */
export function learnedTemplateSetFor(state: LearnedTemplatesState, tenantId: string): LearnedTemplateSet {
  const live = Object.values(state.templates).filter((template) => template.retiredAt === null && (template.scope === 'all' || template.tenantId === tenantId));
  return new LearnedTemplateSet(
    live.map(({ templateId, gateway, institution, sender, pattern, signature }) => ({
      id: templateId,
      gateway,
      institution: institution !== null && isInstitutionId(institution) ? institution : null,
      sender,
      pattern,
      signature,
    })),
  );
}

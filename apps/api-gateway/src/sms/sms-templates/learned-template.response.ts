import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import { GATEWAYS, Gateway } from '@pvs/contracts';
import { LearnedTemplate } from '@pvs/domain';
import { ChoiceProperty, DateTimeProperty, TextProperty, UuidProperty } from '@pvs/contracts/http';
import { ReparseResultResponse } from '../reparse-sms/reparse-result.response';
import { ReparseSummary } from '../reparse-sms/reparse-sms.handler';

/** A learned template's id, as its path parameter takes it. */
export const LEARNED_TEMPLATE_ID = '^learned\\.[0-9a-f]{12}$';

const SCOPES: readonly LearnedTemplate['scope'][] = ['tenant', 'all'];

@ApiSchema({ name: 'LearnedTemplate' })
export class LearnedTemplateResponse {
  @TextProperty({ pattern: LEARNED_TEMPLATE_ID }) readonly id!: string;
  @UuidProperty() readonly tenant_id!: string;
  @ChoiceProperty(SCOPES, { description: "tenant: reads that tenant's SMS only; all: promoted to every tenant" }) readonly scope!: LearnedTemplate['scope'];
  @ChoiceProperty(GATEWAYS) readonly gateway!: Gateway;
  @TextProperty({ nullable: true }) readonly institution!: string | null;
  @TextProperty() readonly sender!: string;
  @TextProperty() readonly pattern!: string;
  @TextProperty({ nullable: true, description: 'The SMS it was learnt from; null once its payer data is erased' }) readonly example_body!: string | null;
  @TextProperty() readonly note!: string;
  @TextProperty() readonly learned_by!: string;
  @DateTimeProperty() readonly learned_at!: string;
  @DateTimeProperty({ nullable: true }) readonly promoted_at!: string | null;
  @DateTimeProperty({ nullable: true }) readonly retired_at!: string | null;

  /** `exampleBody`: the example's text, opened (null once erased). */
  static of(template: LearnedTemplate, exampleBody: string | null): LearnedTemplateResponse {
    return {
      id: template.templateId,
      tenant_id: template.tenantId,
      scope: template.scope,
      gateway: template.gateway,
      institution: template.institution,
      sender: template.sender,
      pattern: template.pattern,
      example_body: exampleBody,
      note: template.note,
      learned_by: template.learnedBy,
      learned_at: template.learnedAt,
      promoted_at: template.promotedAt,
      retired_at: template.retiredAt,
    };
  }
}

/** A template just learned (as shown), and the re-parse of the rejected SMS it reads. */
@ApiSchema({ name: 'LearnedTemplateWithReparse' })
export class LearnedTemplateWithReparseResponse {
  @ApiProperty({ type: LearnedTemplateResponse }) readonly template!: LearnedTemplateResponse;
  @ApiProperty({ type: ReparseResultResponse }) readonly reparse!: ReparseResultResponse;

  static of(template: LearnedTemplateResponse, reparse: ReparseSummary): LearnedTemplateWithReparseResponse {
    return { template, reparse: ReparseResultResponse.of(reparse) };
  }
}

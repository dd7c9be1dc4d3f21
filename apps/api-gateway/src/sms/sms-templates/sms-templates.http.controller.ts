import { Body, Controller, Get, HttpCode, HttpStatus, Param, Post, Query, Req, UseGuards } from '@nestjs/common';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { FastifyRequest } from 'fastify';
import { LearnedTemplate, Principal } from '@pvs/domain';
import { CurrentOperator, OperatorGuard } from '../../auth/operator.guard';
import { AdminApi, ApiBodyErrors, ApiData, ApiErrors, ApiList, LimitQuery, PathParam, Summary, UuidQuery } from '../../http/openapi/api-docs';
import { PlainText, plainTextPattern } from '../../http/plain-text';
import { OptionalNotNull } from '../../http/optional-not-null';
import { limitParam, optionalUuidParam } from '../../http/query-params';
import { valueOf } from '../../http/refusals';
import { LearnTemplateRequest } from './learn-template.request.dto';
import { LEARNED_TEMPLATE_ID, LearnedTemplateResponse, LearnedTemplateWithReparseResponse } from './learned-template.response';
import { SmsPayerData } from '../sms-payer-data';
import { SmsTemplatesHandler } from './sms-templates.handler';
import { TemplateDryRunResponse } from './template-dry-run.response';

export class TemplateChangeRequest {
  @ApiPropertyOptional({ pattern: plainTextPattern('note', 0, 1000), description: 'Why: recorded on the event' })
  @OptionalNotNull()
  @PlainText('note', 0, 1000)
  note?: string;
}

/** Learned SMS templates: wordings operators teach from an example, live in every gateway process without a release. */
@Controller('admin/sms-templates')
@UseGuards(OperatorGuard)
@AdminApi()
export class SmsTemplatesHttpController {
  constructor(
    private readonly handler: SmsTemplatesHandler,
    private readonly payerData: SmsPayerData,
  ) {}

  /** The templates as operators see them, each with its example's text opened (null once erased). */
  private async shown(templates: readonly LearnedTemplate[]): Promise<LearnedTemplateResponse[]> {
    const bodies = await this.payerData.bodies(templates.map((template) => ({ tenantId: template.tenantId, body: template.example.body })));
    return templates.map((template, at) => LearnedTemplateResponse.of(template, bodies[at]));
  }

  @Post('dry-run')
  @Summary('What a template learned from this example would read among the stored SMS (nothing recorded)')
  @ApiData(200, 'The derived template and what it would read', TemplateDryRunResponse)
  @ApiBodyErrors()
  @ApiErrors(404)
  @HttpCode(HttpStatus.OK)
  async dryRun(@Body() body: LearnTemplateRequest) {
    return { success: true, data: TemplateDryRunResponse.of(valueOf(await this.handler.dryRun(body))) };
  }

  @Post()
  @Summary('Learn a template from an example: recorded, live in every gateway, and the rejected SMS it reads parsed again')
  @ApiData(201, 'The template, and the re-parse of the SMS it reads', LearnedTemplateWithReparseResponse)
  @ApiBodyErrors()
  @ApiErrors(404, 409)
  @HttpCode(HttpStatus.CREATED)
  async learn(@Body() body: LearnTemplateRequest, @CurrentOperator() by: Principal, @Req() request: FastifyRequest) {
    const { template, reparse } = valueOf(await this.handler.learn(body, by, request.id));
    const [shown] = await this.shown([template]);
    return { success: true, data: LearnedTemplateWithReparseResponse.of(shown, reparse) };
  }

  @Get()
  @Summary('List the learned templates, retired ones too')
  @UuidQuery('tenant_id', "Only the templates that read this tenant's SMS")
  @LimitQuery()
  @ApiList('The learned templates', LearnedTemplateResponse)
  @ApiErrors(422)
  async list(@Query('tenant_id') tenantId?: string, @Query('limit') limit?: string) {
    const first = limitParam(limit);
    return { success: true, data: await this.shown(this.handler.list(optionalUuidParam('tenant_id', tenantId)).slice(0, first)) };
  }

  @Post(':id/promote')
  @Summary("Let a learned template read every tenant's SMS from its sender")
  @PathParam('id', 'The template id', { pattern: LEARNED_TEMPLATE_ID })
  @ApiData(200, 'The template, promoted', LearnedTemplateResponse)
  @ApiBodyErrors()
  @ApiErrors(404, 409)
  @HttpCode(HttpStatus.OK)
  async promote(@Param('id') id: string, @Body() body: TemplateChangeRequest, @CurrentOperator() by: Principal, @Req() request: FastifyRequest) {
    return { success: true, data: (await this.shown([valueOf(await this.handler.change('Promote', id, body.note ?? '', by, request.id))]))[0] };
  }

  @Post(':id/retire')
  @Summary('Retire a learned template: it reads nothing from now on (what it read stays read)')
  @PathParam('id', 'The template id', { pattern: LEARNED_TEMPLATE_ID })
  @ApiData(200, 'The template, retired', LearnedTemplateResponse)
  @ApiBodyErrors()
  @ApiErrors(404)
  @HttpCode(HttpStatus.OK)
  async retire(@Param('id') id: string, @Body() body: TemplateChangeRequest, @CurrentOperator() by: Principal, @Req() request: FastifyRequest) {
    return { success: true, data: (await this.shown([valueOf(await this.handler.change('Retire', id, body.note ?? '', by, request.id))]))[0] };
  }
}

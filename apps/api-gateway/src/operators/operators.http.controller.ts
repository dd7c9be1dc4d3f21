import { Body, Controller, Get, HttpCode, HttpStatus, Param, Post, Query, Req, UseGuards } from '@nestjs/common';
import type { SchemaObject } from '@nestjs/swagger/dist/interfaces/open-api-spec.interface';
import { FastifyRequest } from 'fastify';
import { CurrentOperator, OperatorGuard } from '../auth/operator.guard';
import { AdminApi, ApiBodyErrors, ApiData, ApiErrors, LimitQuery, PathParam, Summary } from '../http/openapi/api-docs';
import { limitParam } from '../http/query-params';
import { IssueOperatorRequest } from './issue-operator.request.dto';
import { Operator, Principal } from '@pvs/domain';
import { valueOf } from '../http/refusals';
import { OperatorAccounts } from './operator-accounts';

const OPERATOR_SCHEMA: SchemaObject = {
  type: 'object',
  required: ['id', 'name', 'issued_by', 'issued_at', 'revoked_at'],
  properties: {
    id: { type: 'string', pattern: '^[0-9a-f]{16}$' },
    name: { type: 'string' },
    issued_by: { type: 'string' },
    issued_at: { type: 'string', format: 'date-time' },
    revoked_at: { type: 'string', format: 'date-time', nullable: true },
  },
};
const ISSUED_SCHEMA: SchemaObject = {
  ...OPERATOR_SCHEMA,
  required: [...(OPERATOR_SCHEMA.required ?? []), 'token'],
  properties: { ...OPERATOR_SCHEMA.properties, token: { type: 'string', description: 'pvsop_…, shown only this once' } },
};

const operatorResponse = (operator: Operator) => ({
  id: operator.id,
  name: operator.name,
  issued_by: operator.issuedBy,
  issued_at: operator.issuedAt,
  revoked_at: operator.revokedAt,
});

/** Named operators: each with a token of their own, so that what they decide is recorded under their name. */
@Controller('admin/operators')
@UseGuards(OperatorGuard)
@AdminApi()
export class OperatorsHttpController {
  constructor(private readonly operators: OperatorAccounts) {}

  @Post()
  @Summary('Issue a token to a named operator (shown once)')
  @ApiData(201, 'The operator and their token', ISSUED_SCHEMA)
  @ApiBodyErrors()
  @HttpCode(HttpStatus.CREATED)
  async issue(@Body() body: IssueOperatorRequest, @CurrentOperator() by: Principal, @Req() request: FastifyRequest) {
    const { operator, token } = valueOf(await this.operators.issue(body.name, by, request.id));
    return { success: true, data: { ...operatorResponse(operator), token } };
  }

  @Get()
  @Summary('List operators, revoked ones too, oldest first')
  @LimitQuery()
  @ApiData(200, 'The operators', { type: 'array', items: OPERATOR_SCHEMA })
  @ApiErrors(422)
  async list(@Query('limit') limit?: string) {
    const first = limitParam(limit);
    return { success: true, data: (await this.operators.list()).slice(0, first).map(operatorResponse) };
  }

  @Get('me')
  @Summary('Who the token in this request belongs to')
  @ApiData(200, 'The operator (or `admin`, the bootstrap token)', { type: 'object', required: ['id', 'name'], properties: { id: { type: 'string' }, name: { type: 'string' } } })
  me(@CurrentOperator() principal: Principal) {
    return { success: true, data: { id: principal.id, name: principal.name } };
  }

  @Post(':id/revoke')
  @Summary("Revoke an operator's token: refused at once, in every process")
  @PathParam('id', 'The operator id')
  @ApiData(200, 'The operator, revoked', OPERATOR_SCHEMA)
  @ApiErrors(404, 409)
  @HttpCode(HttpStatus.OK)
  async revoke(@Param('id') id: string, @CurrentOperator() by: Principal, @Req() request: FastifyRequest) {
    return { success: true, data: operatorResponse(valueOf(await this.operators.revoke(id, by, request.id))) };
  }
}

import { Body, Controller, Get, HttpCode, HttpStatus, Param, Post, Query, Req, UseGuards } from '@nestjs/common';
import { FastifyRequest } from 'fastify';
import { CurrentOperator, OperatorGuard } from '../auth/operator.guard';
import { AdminApi, ApiBodyErrors, ApiData, ApiErrors, ApiList, LimitQuery, PathParam, Summary } from '../http/openapi/api-docs';
import { limitParam } from '../http/query-params';
import { IssueOperatorRequest } from './issue-operator.request.dto';
import { Principal } from '@pvs/domain';
import { valueOf } from '../http/refusals';
import { OperatorAccounts } from './operator-accounts';
import { IssuedOperatorResponse, OperatorResponse, PrincipalResponse } from './operator.response';

/** Named operators: each with a token of their own, so that what they decide is recorded under their name. */
@Controller('admin/operators')
@UseGuards(OperatorGuard)
@AdminApi()
export class OperatorsHttpController {
  constructor(private readonly operators: OperatorAccounts) {}

  @Post()
  @Summary('Issue a token to a named operator (shown once)')
  @ApiData(201, 'The operator and their token', IssuedOperatorResponse)
  @ApiBodyErrors()
  @HttpCode(HttpStatus.CREATED)
  async issue(@Body() body: IssueOperatorRequest, @CurrentOperator() by: Principal, @Req() request: FastifyRequest) {
    return { success: true, data: IssuedOperatorResponse.ofIssued(valueOf(await this.operators.issue(body.name, by, request.id))) };
  }

  @Get()
  @Summary('List operators, revoked ones too, oldest first')
  @LimitQuery()
  @ApiList('The operators', OperatorResponse)
  @ApiErrors(422)
  async list(@Query('limit') limit?: string) {
    const first = limitParam(limit);
    return { success: true, data: (await this.operators.list()).slice(0, first).map((operator) => OperatorResponse.of(operator)) };
  }

  @Get('me')
  @Summary('Who the token in this request belongs to')
  @ApiData(200, 'The operator (or `admin`, the bootstrap token)', PrincipalResponse)
  me(@CurrentOperator() principal: Principal) {
    return { success: true, data: PrincipalResponse.of(principal) };
  }

  @Post(':id/revoke')
  @Summary("Revoke an operator's token: refused at once, in every process")
  @PathParam('id', 'The operator id')
  @ApiData(200, 'The operator, revoked', OperatorResponse)
  @ApiErrors(404, 409)
  @HttpCode(HttpStatus.OK)
  async revoke(@Param('id') id: string, @CurrentOperator() by: Principal, @Req() request: FastifyRequest) {
    return { success: true, data: OperatorResponse.of(valueOf(await this.operators.revoke(id, by, request.id))) };
  }
}

import { Body, Controller, HttpCode, HttpStatus, Post, Req, UseGuards } from '@nestjs/common';
import { FastifyRequest } from 'fastify';
import { ErasureTarget } from '@pvs/contracts';
import { Principal } from '@pvs/domain';
import { CurrentOperator, OperatorGuard } from '../auth/operator.guard';
import { AdminApi, ApiBodyErrors, ApiData, ApiErrors, Summary } from '../http/openapi/api-docs';
import { RefusedError, valueOf } from '../http/refusals';
import { ErasePayerDataHandler } from './erase-payer-data.handler';
import { ErasePayerDataRequest } from './erase-payer-data.request.dto';
import { ErasureResponse } from './erasure.response';

/** Operators erase a payer's data on request: recorded under their name, then unreadable everywhere. */
@Controller('admin/erasures')
@UseGuards(OperatorGuard)
@AdminApi()
export class ErasuresHttpController {
  constructor(private readonly handler: ErasePayerDataHandler) {}

  @Post()
  @Summary("Erase a payer's data, named by a payment or an SMS: its text, names and numbers read as erased everywhere; amounts, references and decisions stay")
  @ApiData(201, 'Recorded, and the keys destroyed', ErasureResponse)
  @ApiBodyErrors()
  @ApiErrors(404, 409)
  @HttpCode(HttpStatus.CREATED)
  async erase(@Body() body: ErasePayerDataRequest, @CurrentOperator() by: Principal, @Req() request: FastifyRequest) {
    const target = targetOf(body);
    return { success: true, data: ErasureResponse.of(valueOf(await this.handler.erase(target, body.reason, by, request.id))) };
  }
}

/** The one payment or SMS the body names. */
function targetOf({ payment_id: paymentId, sms_id: smsId }: ErasePayerDataRequest): ErasureTarget {
  if (paymentId !== undefined && smsId === undefined) return { kind: 'payment', id: paymentId };
  if (smsId !== undefined && paymentId === undefined) return { kind: 'sms', id: smsId };
  throw new RefusedError({ kind: 'unprocessable', message: 'Give payment_id or sms_id: one of them' });
}

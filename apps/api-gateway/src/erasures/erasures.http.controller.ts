import { Body, Controller, HttpCode, HttpStatus, Post, Req, UseGuards } from '@nestjs/common';
import { FastifyRequest } from 'fastify';
import { normalizedMobile } from '@pvs/contracts';
import { Principal } from '@pvs/domain';
import { CurrentOperator, OperatorGuard } from '../auth/operator.guard';
import { AdminApi, ApiBodyErrors, ApiData, ApiErrors, Summary } from '../http/openapi/api-docs';
import { RefusedError, valueOf } from '../http/refusals';
import { ErasePayerDataHandler, ErasureNamed } from './erase-payer-data.handler';
import { ErasePayerDataRequest } from './erase-payer-data.request.dto';
import { ErasureResponse } from './erasure.response';

/** Operators erase a payer's data on request: recorded under their name, then unreadable everywhere. */
@Controller('admin/erasures')
@UseGuards(OperatorGuard)
@AdminApi()
export class ErasuresHttpController {
  constructor(private readonly handler: ErasePayerDataHandler) {}

  @Post()
  @Summary("Erase a payer's data, named by a payment, an SMS or a mobile number: its text, names and numbers read as erased everywhere; amounts, references and decisions stay")
  @ApiData(201, 'Recorded, and the keys destroyed', ErasureResponse)
  @ApiBodyErrors()
  @ApiErrors(404, 409)
  @HttpCode(HttpStatus.CREATED)
  async erase(@Body() body: ErasePayerDataRequest, @CurrentOperator() by: Principal, @Req() request: FastifyRequest) {
    return { success: true, data: ErasureResponse.of(valueOf(await this.handler.erase(namedBy(body), body.reason, by, request.id))) };
  }
}

/** The one payment, SMS or mobile number the body names. */
function namedBy({ payment_id: paymentId, sms_id: smsId, mobile, tenant_id: tenantId }: ErasePayerDataRequest): ErasureNamed {
  const given = [paymentId, smsId, mobile].filter((value) => value !== undefined).length;
  if (given !== 1) throw new RefusedError({ kind: 'unprocessable', message: 'Give payment_id, sms_id or mobile: one of them' });
  if (tenantId !== undefined && mobile === undefined) throw new RefusedError({ kind: 'unprocessable', message: 'tenant_id goes with mobile only' });
  if (paymentId !== undefined) return { kind: 'payment', id: paymentId };
  if (smsId !== undefined) return { kind: 'sms', id: smsId };
  if (tenantId === undefined) throw new RefusedError({ kind: 'unprocessable', message: 'mobile needs tenant_id: whose payer it is' });
  const normal = normalizedMobile(mobile ?? '');
  if (normal === null) throw new RefusedError({ kind: 'unprocessable', message: 'mobile must be a Pakistani mobile number (03xx xxxxxxx, +92 3xx xxxxxxx)' });
  return { kind: 'mobile', tenantId, mobile: normal };
}

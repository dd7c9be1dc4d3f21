import { Controller, HttpCode, HttpStatus, Post, Req, UseGuards } from '@nestjs/common';
import { ApiSchema } from '@nestjs/swagger';
import { FastifyRequest } from 'fastify';
import { CountProperty, TextProperty } from '@pvs/contracts/http';
import { OperatorGuard } from '../auth/operator.guard';
import { AdminApi, ApiData, ApiErrors, Summary } from '../http/openapi/api-docs';
import { valueOf } from '../http/refusals';
import { OldPayerDataSealed, SealOldPayerDataHandler } from './seal-old-payer-data.handler';

/** What sealing the old payer data did. */
@ApiSchema({ name: 'OldPayerDataSealed' })
export class OldPayerDataSealedResponse {
  @CountProperty({ description: 'Events whose payer data, recorded before sealing, is sealed now (0 when none is left)' }) readonly events_sealed!: number;
  @TextProperty({ isArray: true, description: 'The projections holding copies of it, whose rebuild was requested' }) readonly rebuilds_requested!: readonly string[];

  static of({ eventsSealed, rebuildsRequested }: OldPayerDataSealed): OldPayerDataSealedResponse {
    return { events_sealed: eventsSealed, rebuilds_requested: rebuildsRequested };
  }
}

/** Operators seal, once after upgrading, the payer data an earlier version recorded in the clear. */
@Controller('admin/payer-data')
@UseGuards(OperatorGuard)
@AdminApi()
export class OldPayerDataHttpController {
  constructor(private readonly handler: SealOldPayerDataHandler) {}

  @Post('seal-old')
  @Summary('Seal the payer data recorded before this version sealed it, in place, under each subject’s key; then rebuild the projections that copied it. Run again, it seals nothing')
  @ApiData(200, 'Sealed', OldPayerDataSealedResponse)
  @ApiErrors(409)
  @HttpCode(HttpStatus.OK)
  async seal(@Req() request: FastifyRequest) {
    return { success: true, data: OldPayerDataSealedResponse.of(valueOf(await this.handler.seal(request.id))) };
  }
}

import { Module } from '@nestjs/common';
import { GatewaySharedModule } from '../gateway-shared.module';
import { ProjectionsModule } from '../projections/projections.module';
import { ErasePayerDataHandler } from './erase-payer-data.handler';
import { ErasuresHttpController } from './erasures.http.controller';
import { OldPayerDataHttpController } from './old-payer-data.http.controller';
import { SealOldPayerDataHandler } from './seal-old-payer-data.handler';

/** Operators erase payers' data on request, and seal what an earlier version recorded in the clear. */
@Module({
  imports: [GatewaySharedModule, ProjectionsModule],
  controllers: [ErasuresHttpController, OldPayerDataHttpController],
  providers: [ErasePayerDataHandler, SealOldPayerDataHandler],
})
export class ErasuresModule {}

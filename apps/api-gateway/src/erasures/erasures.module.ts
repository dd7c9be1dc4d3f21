import { Module } from '@nestjs/common';
import { GatewaySharedModule } from '../gateway-shared.module';
import { ErasePayerDataHandler } from './erase-payer-data.handler';
import { ErasuresHttpController } from './erasures.http.controller';

/** Operators erase payers' data on request. */
@Module({
  imports: [GatewaySharedModule],
  controllers: [ErasuresHttpController],
  providers: [ErasePayerDataHandler],
})
export class ErasuresModule {}

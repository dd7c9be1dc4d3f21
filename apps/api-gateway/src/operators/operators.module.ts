import { Module } from '@nestjs/common';
import { GatewaySharedModule } from '../gateway-shared.module';
import { OperatorsHttpController } from './operators.http.controller';

/** Named operators and their tokens (the accounts themselves are shared: OperatorGuard checks every area's tokens against them). */
@Module({ imports: [GatewaySharedModule], controllers: [OperatorsHttpController] })
export class OperatorsModule {}

import { Module } from '@nestjs/common';
import { SmsGapViews } from '@pvs/read-model';
import { GatewaySharedModule, viewsProvider } from '../gateway-shared.module';
import { SMS_GAP_VIEWS, SmsGapsHttpController } from './sms-gaps.http.controller';

/** Operators list the SMS the balances say are missing. */
@Module({ imports: [GatewaySharedModule], controllers: [SmsGapsHttpController], providers: [viewsProvider(SMS_GAP_VIEWS, SmsGapViews)] })
export class LedgersModule {}

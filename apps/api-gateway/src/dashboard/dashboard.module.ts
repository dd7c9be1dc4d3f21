import { Module } from '@nestjs/common';
import { TENANT_DAILY_VIEWS, TenantDailyViews } from '@pvs/read-model';
import { GatewaySharedModule, viewsProvider } from '../gateway-shared.module';
import { DailySummaryHttpController } from './daily-summary/daily-summary.http.controller';

/** The operators' daily summary per tenant. */
@Module({ imports: [GatewaySharedModule], controllers: [DailySummaryHttpController], providers: [viewsProvider(TENANT_DAILY_VIEWS, TenantDailyViews)] })
export class DashboardModule {}

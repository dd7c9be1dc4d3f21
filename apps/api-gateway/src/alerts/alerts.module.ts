import { Module } from '@nestjs/common';
import { AlertViews } from '@pvs/read-model';
import { GatewaySharedModule, viewsProvider } from '../gateway-shared.module';
import { ALERT_VIEWS, AlertsHttpController } from './alerts.http.controller';

/** Operators list and acknowledge alerts. Exports the views for the gateway's open-alerts metric. */
@Module({
  imports: [GatewaySharedModule],
  controllers: [AlertsHttpController],
  providers: [viewsProvider(ALERT_VIEWS, AlertViews)],
  exports: [ALERT_VIEWS],
})
export class AlertsModule {}

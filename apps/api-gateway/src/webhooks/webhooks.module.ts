import { Module } from '@nestjs/common';
import { NOTIFIER_DATABASE } from '@pvs/runtime';
import { DeliveryViews } from '@pvs/webhook-deliveries';
import { GatewaySharedModule, viewsProvider } from '../gateway-shared.module';
import { DELIVERY_VIEWS } from './delivery-views.token';
import { ListDeliveriesHttpController } from './list-deliveries/list-deliveries.http.controller';
import { RedeliverHttpController } from './redeliver/redeliver.http.controller';

/** Operators list the notifier's webhook deliveries (from the tables it publishes) and ask it to deliver again. */
@Module({
  imports: [GatewaySharedModule],
  controllers: [ListDeliveriesHttpController, RedeliverHttpController],
  providers: [viewsProvider(DELIVERY_VIEWS, DeliveryViews, NOTIFIER_DATABASE)],
})
export class WebhooksModule {}

import { Module } from '@nestjs/common';
import { PaymentLinkViews } from '@pvs/read-model';
import { GatewaySharedModule, viewsProvider } from '../gateway-shared.module';
import { AdminPaymentLinksHttpController } from './admin-payment-links.http.controller';
import { PaymentsModule } from '../payments/payments.module';
import { CreatePaymentLinkHandler } from './create-payment-link/create-payment-link.handler';
import { DisablePaymentLinkHandler } from './disable-payment-link/disable-payment-link.handler';
import { PageLimits } from './pay-page/page-limits';
import { PageViews } from './pay-page/page-views';
import { PayPageHttpController } from './pay-page/pay-page.http.controller';
import { PayThroughLinkHandler } from './pay-through-link/pay-through-link.handler';
import { PaymentLinkReader } from './payment-link-reader';
import { PAYMENT_LINK_VIEWS, PaymentLinksHttpController } from './payment-links.http.controller';
import { PublicOrigin } from './public-origin';

/** Merchants create and list payment links, operators list them; payers pay through their pages, which register payments as the API does. */
@Module({
  imports: [GatewaySharedModule, PaymentsModule],
  controllers: [PaymentLinksHttpController, AdminPaymentLinksHttpController, PayPageHttpController],
  providers: [viewsProvider(PAYMENT_LINK_VIEWS, PaymentLinkViews), CreatePaymentLinkHandler, DisablePaymentLinkHandler, PayThroughLinkHandler, PaymentLinkReader, PageLimits, PageViews, PublicOrigin],
})
export class PaymentLinksModule {}

import { Module } from '@nestjs/common';
import { GatewaySharedModule } from '../gateway-shared.module';
import { PaymentsModule } from '../payments/payments.module';
import { CreatePaymentLinkHandler } from './create-payment-link/create-payment-link.handler';
import { DisablePaymentLinkHandler } from './disable-payment-link/disable-payment-link.handler';
import { PageLimits } from './pay-page/page-limits';
import { PayPageHttpController } from './pay-page/pay-page.http.controller';
import { PayThroughLinkHandler } from './pay-through-link/pay-through-link.handler';
import { PaymentLinkReader } from './payment-link-reader';
import { PaymentLinksHttpController } from './payment-links.http.controller';
import { PublicOrigin } from './public-origin';

/** Merchants create payment links; payers pay through their pages, which register payments as the API does. */
@Module({
  imports: [GatewaySharedModule, PaymentsModule],
  controllers: [PaymentLinksHttpController, PayPageHttpController],
  providers: [CreatePaymentLinkHandler, DisablePaymentLinkHandler, PayThroughLinkHandler, PaymentLinkReader, PageLimits, PublicOrigin],
})
export class PaymentLinksModule {}

import { Module } from '@nestjs/common';
import { PAYMENT_VIEWS, PostgresPaymentViews } from '@pvs/read-model';
import { GatewaySharedModule, viewsProvider } from '../gateway-shared.module';
import { GetPaymentStatusHandler } from './get-payment-status/get-payment-status.handler';
import { GetPaymentStatusHttpController } from './get-payment-status/get-payment-status.http.controller';
import { ListPaymentsHttpController } from './list-payments/list-payments.http.controller';
import { RegisterPaymentIntentHandler } from './register-payment-intent/register-payment-intent.handler';
import { RegisterPaymentIntentHttpController } from './register-payment-intent/register-payment-intent.http.controller';
import { ReviewPaymentHandler } from './review-payment/review-payment.handler';
import { ReviewPaymentHttpController } from './review-payment/review-payment.http.controller';
import { PaymentPayerData } from './payment-payer-data';
import { ShowPaymentHandler } from './show-payment/show-payment.handler';
import { ShowPaymentHttpController } from './show-payment/show-payment.http.controller';

/** Merchants register payment intents and poll their status; operators list, show, approve and reject payments. Exports registration and status for payment links. */
@Module({
  imports: [GatewaySharedModule],
  controllers: [
    RegisterPaymentIntentHttpController,
    GetPaymentStatusHttpController,
    ReviewPaymentHttpController,
    ListPaymentsHttpController,
    ShowPaymentHttpController,
  ],
  providers: [RegisterPaymentIntentHandler, GetPaymentStatusHandler, ReviewPaymentHandler, ShowPaymentHandler, PaymentPayerData, viewsProvider(PAYMENT_VIEWS, PostgresPaymentViews)],
  exports: [RegisterPaymentIntentHandler, GetPaymentStatusHandler, PaymentPayerData],
})
export class PaymentsModule {}

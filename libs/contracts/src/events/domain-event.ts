import { AlertAcknowledged, PaymentStalled } from './alerts';
import { BalanceObserved, LedgerEvent } from './balances';
import { ErasureEvent } from './erasures';
import { ForwarderEvent } from './forwarders';
import { OperatorEvent } from './operators';
import { PaymentLinkEvent } from './payment-links';
import { PaymentEvent } from './payments';
import { ProjectionRebuildRequested } from './projections';
import { SmsAwaitingIntent, SmsEvent } from './sms';
import { SmsTemplateEvent } from './sms-templates';
import { TenantEvent } from './tenants';

/** Every event the service records, of every stream. */
export type DomainEvent = PaymentEvent | SmsEvent | SmsAwaitingIntent | BalanceObserved | TenantEvent | OperatorEvent | SmsTemplateEvent | ProjectionRebuildRequested | ForwarderEvent | LedgerEvent | PaymentStalled | AlertAcknowledged | PaymentLinkEvent | ErasureEvent;

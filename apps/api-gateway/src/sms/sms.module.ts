import { Module } from '@nestjs/common';
import { APPEND_SIGNALS, AppendSignals, EVENT_STORE, EventStore } from '@pvs/event-store';
import { SMS_HOURLY_VIEWS, SmsHourlyViews, SmsViews } from '@pvs/read-model';
import { ForwardersModule } from '../forwarders/forwarders.module';
import { GatewaySharedModule, viewsProvider } from '../gateway-shared.module';
import { IngestSmsHandler } from './ingest-sms/ingest-sms.handler';
import { IngestSmsHttpController } from './ingest-sms/ingest-sms.http.controller';
import { LEARNED_TEMPLATE_REGISTRY, LearnedTemplateRegistry } from './learned-templates/learned-template-registry';
import { ListSmsHttpController } from './rejected-sms/list-sms.http.controller';
import { ReadableBy } from './rejected-sms/readable-by';
import { ReparseSmsHandler } from './reparse-sms/reparse-sms.handler';
import { ReparseSmsHttpController } from './reparse-sms/reparse-sms.http.controller';
import { SmsStatsHttpController } from './sms-stats/sms-stats.http.controller';
import { SmsTemplatesHandler } from './sms-templates/sms-templates.handler';
import { SmsTemplatesHttpController } from './sms-templates/sms-templates.http.controller';
import { SMS_VIEWS } from './sms-views.token';

/**
 * Forwarders post SMS (an ingest counts as the forwarder's heartbeat too); operators list, count and reparse them and
 * teach templates. Exports the learned templates for the gateway to start and stop, and the hourly counts for its metrics.
 */
@Module({
  imports: [GatewaySharedModule, ForwardersModule],
  controllers: [IngestSmsHttpController, ListSmsHttpController, SmsStatsHttpController, ReparseSmsHttpController, SmsTemplatesHttpController],
  providers: [
    {
      provide: LEARNED_TEMPLATE_REGISTRY,
      inject: [EVENT_STORE, APPEND_SIGNALS],
      useFactory: (events: EventStore, signals: AppendSignals) => new LearnedTemplateRegistry(events, signals),
    },
    viewsProvider(SMS_VIEWS, SmsViews),
    viewsProvider(SMS_HOURLY_VIEWS, SmsHourlyViews),
    IngestSmsHandler,
    ReparseSmsHandler,
    SmsTemplatesHandler,
    ReadableBy,
  ],
  exports: [LEARNED_TEMPLATE_REGISTRY, SMS_HOURLY_VIEWS],
})
export class SmsModule {}

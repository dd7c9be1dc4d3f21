import { Module } from '@nestjs/common';
import { GatewaySharedModule } from '../gateway-shared.module';
import { ReadEventLogHandler } from './read-event-log/read-event-log.handler';
import { ReadEventLogHttpController } from './read-event-log/read-event-log.http.controller';
import { ReadStreamHttpController } from './read-stream/read-stream.http.controller';

/** Operators read one stream or the whole event log. */
@Module({ imports: [GatewaySharedModule], controllers: [ReadStreamHttpController, ReadEventLogHttpController], providers: [ReadEventLogHandler] })
export class EventsModule {}

import { Module } from '@nestjs/common';
import { ForwarderViews } from '@pvs/read-model';
import { GatewaySharedModule, viewsProvider } from '../gateway-shared.module';
import { ForwarderHeartbeatHttpController } from './forwarder-heartbeat.http.controller';
import { FORWARDER_VIEWS, ForwardersHttpController } from './forwarders.http.controller';
import { RecordHeartbeatHandler } from './record-heartbeat.handler';

/** Operators provision, name and retire forwarders; forwarders report heartbeats. Exports the heartbeat for SMS ingest. */
@Module({
  imports: [GatewaySharedModule],
  controllers: [ForwardersHttpController, ForwarderHeartbeatHttpController],
  providers: [viewsProvider(FORWARDER_VIEWS, ForwarderViews), RecordHeartbeatHandler],
  exports: [RecordHeartbeatHandler],
})
export class ForwardersModule {}

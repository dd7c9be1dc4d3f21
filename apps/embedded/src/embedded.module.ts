import { DynamicModule, Module } from '@nestjs/common';
import { ApiGatewayModule, GatewayConfig } from '@pvs/api-gateway';
import { MatcherConfig, MatcherModule } from '@pvs/matcher';
import { NotifierConfig, NotifierModule } from '@pvs/notifier';
import { ProjectorModule } from '@pvs/projector';
import { Infrastructure } from '@pvs/runtime';
import { InfrastructureModule } from '@pvs/boot';

/** All services in one process, sharing the infrastructure opened at boot. */
@Module({})
export class EmbeddedModule {
  static register(infrastructure: Infrastructure, gateway: GatewayConfig, matcher: MatcherConfig, notifier: NotifierConfig): DynamicModule {
    return {
      module: EmbeddedModule,
      imports: [
        InfrastructureModule.register(infrastructure),
        ApiGatewayModule.register(gateway),
        ProjectorModule,
        MatcherModule.register(matcher),
        NotifierModule.register(notifier),
      ],
    };
  }
}

import { DynamicModule, Global, Module } from '@nestjs/common';
import { APPEND_SIGNALS, EVENT_DATA_REWRITE, EVENT_STORE } from '@pvs/event-store';
import { BUS_TRANSPORT } from '@pvs/messaging';
import { METRICS } from '@pvs/observability';
import { CLOCK, FAILED_ATTEMPTS, GATEWAY_DATABASE, HEALTH_PROBES, Infrastructure, MATCHER_DATABASE, NOTIFIER_DATABASE, READ_MODEL_DATABASE, THROTTLER_STORAGE } from '@pvs/runtime';

/** Binds every port token to the adapters opened at boot. */
@Global()
@Module({})
export class InfrastructureModule {
  static register(infrastructure: Infrastructure): DynamicModule {
    const providers = [
      { provide: EVENT_STORE, useValue: infrastructure.eventStore },
      { provide: EVENT_DATA_REWRITE, useValue: infrastructure.eventDataRewrite },
      { provide: APPEND_SIGNALS, useValue: infrastructure.appendSignals },
      { provide: READ_MODEL_DATABASE, useValue: infrastructure.readModel },
      { provide: MATCHER_DATABASE, useValue: infrastructure.matcherDatabase },
      { provide: GATEWAY_DATABASE, useValue: infrastructure.gatewayDatabase },
      { provide: NOTIFIER_DATABASE, useValue: infrastructure.notifierDatabase },
      { provide: BUS_TRANSPORT, useValue: infrastructure.bus },
      { provide: THROTTLER_STORAGE, useValue: infrastructure.throttlerStorage },
      { provide: FAILED_ATTEMPTS, useValue: infrastructure.failedAttempts },
      { provide: CLOCK, useValue: infrastructure.clock },
      { provide: HEALTH_PROBES, useValue: infrastructure.health },
      { provide: METRICS, useValue: infrastructure.metrics },
    ];
    return { module: InfrastructureModule, providers, exports: providers.map((p) => p.provide) };
  }
}

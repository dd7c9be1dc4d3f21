import { DynamicModule, Global, Module } from '@nestjs/common';
import { GATEWAY_CONFIG, GatewayConfig } from './gateway-config';

/**
 * Gives GATEWAY_CONFIG to every area of the gateway: their guards and handlers read it, and the areas are static
 * modules that cannot take it as an argument. Global so that each area sees the one value the gateway was registered with.
 */
@Global()
@Module({})
export class GatewayConfigModule {
  static register(config: GatewayConfig): DynamicModule {
    return { module: GatewayConfigModule, providers: [{ provide: GATEWAY_CONFIG, useValue: config }], exports: [GATEWAY_CONFIG] };
  }
}

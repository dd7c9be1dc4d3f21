export { ApiGatewayModule } from './api-gateway.module';
export { GatewayConfig } from './gateway-config';
export { createHttpAdapter, configureHttpServer, API_PREFIX, NEST_HTTP_OPTIONS } from './http/http-server';
export { GatewaySettings, loadGatewaySettings } from './gateway-settings';

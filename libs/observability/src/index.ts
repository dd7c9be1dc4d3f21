export * from './metrics/metrics';
export * from './metrics/sms-hour-gauges';
export * from './metrics/metrics-access';
export * from './metrics/metrics-endpoint';
export * from './metrics/metrics-server';
export * from './event-store/instrumented-event-store';
export * from './logging/json-logger';

export * from './test-service';
export * from './webhook-receiver';

export * from './credential-secret';
export * from './test-service';
export * from './webhook-receiver';

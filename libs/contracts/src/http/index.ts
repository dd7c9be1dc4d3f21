export * from './properties';
export * from './webhook-envelope';
export * from './payment-webhook';
export * from './alert-webhooks';

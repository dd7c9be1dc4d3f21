export * from './payment-decision.message';
export * from './read-message';
export * from './alert.message';
export * from './webhook-redelivery.message';

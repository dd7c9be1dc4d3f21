export * from './payment-intent-registered.event';
export * from './streams';

export * from './payment-intent-registered.event';
export * from './payment-decisions.event';
export * from './streams';

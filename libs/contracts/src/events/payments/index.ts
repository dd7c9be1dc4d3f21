export * from './payment-intent-registered.event';
export * from './payment-decisions.event';
export * from './payment-events';
export * from './streams';

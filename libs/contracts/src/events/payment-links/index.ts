export * from './streams';
export * from './payment-link-events';

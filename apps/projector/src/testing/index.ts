export * from './payment-events';
export * from './projector-database';

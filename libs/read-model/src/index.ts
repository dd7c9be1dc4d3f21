export * from './schema';
export * from './checkpoints/projection-checkpoints';
export * from './payments/payment-view';
export * from './payments/postgres-payment-views';
export * from './payments/pending-payments';
export * from './sms/sms-views';

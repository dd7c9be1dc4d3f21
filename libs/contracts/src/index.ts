export * from './gateway';
export * from './money';
export * from './tenant-settings';
export * from './payment-status';
export * from './events/payments';
export * from './events/sms';
export * from './events/tenants';
export * from './messages/payment-decision.message';

export * from './gateway';
export * from './money';
export * from './tenant-settings';
export * from './events/payments';
export * from './events/tenants';
export * from './payment-status';

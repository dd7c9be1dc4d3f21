export * from './schema';
export * from './delivery';
export * from './delivery-outbox';
export * from './address-policy';

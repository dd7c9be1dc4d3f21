export * from './schema';
export * from './delivery';
export * from './delivery-rows';
export * from './delivery-views';
export * from './address-policy';

export * from './payment';
export * from './payment-id';
export * from './receiving-account';

export * from './decider';
export * from './ids/payment-id';
export * from './payment';
export * from './sms';
export * from './balance';
export * from './tenant';
export * from './projection/rebuild-requests';
export * from './operator';

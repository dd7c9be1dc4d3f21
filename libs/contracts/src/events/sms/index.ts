export * from './sms-events';
export * from './awaiting-intent';

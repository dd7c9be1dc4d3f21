export * from './streams';
export * from './sms-template-events';

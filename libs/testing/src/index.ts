export * from './real-services';
export * from './sms-fixtures';
export * from './wait-until';
export * from './openapi-schemas';

export * from './real-services';
export * from './wait-until';

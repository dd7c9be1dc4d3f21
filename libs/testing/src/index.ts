export * from './real-services';

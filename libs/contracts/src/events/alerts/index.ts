export * from './alert-events';

export * from './aggregate-stream';
export * from './handle-command';
export * from './unit-of-work';

export * from './aggregate-stream';
export * from './handle-command';

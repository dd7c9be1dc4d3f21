export * from './tracing-switch';
export * from './spans';

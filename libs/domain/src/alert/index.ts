export * from './alert';
export * from './stall';

export * from './decide';
export * from './expire';

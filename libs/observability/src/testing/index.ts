export * from './log-capture';

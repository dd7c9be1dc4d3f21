export * from './log-capture';
export * from './otlp-receiver';

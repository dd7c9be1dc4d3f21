export * from './embedded-infrastructure';
export * from './distributed-infrastructure';
export * from './infrastructure.module';
export * from './start-worker-process';

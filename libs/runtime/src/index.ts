export * from './clock';
export * from './config/env-reader';
export * from './infrastructure';
export * from './infrastructure.module';
export * from './sql-infrastructure';

export * from './embedded-config';
export * from './start-embedded';

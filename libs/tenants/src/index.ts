export * from './credentials';
export * from './secret-box';
export * from './tenant-directory';
export * from './secrets-check';

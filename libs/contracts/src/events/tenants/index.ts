export * from './tenant-registered.event';
export * from './tenant-updated.event';
export * from './streams';
export * from './tenant-webhook-secret-rotated.event';
export * from './tenant-credential-rotated.event';
export * from './tenant-webhook-secret-resealed.event';
export * from './tenant-events';

export * from './projection-rebuild-requested.event';

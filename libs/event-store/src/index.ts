export * from './event-store.port';
export * from './catch-up-subscription';
export { PostgresEventStore } from './postgres/postgres-event-store';
export { eventStoreMigrations } from './postgres/schema';
export { KurrentDbEventStore } from './kurrentdb/kurrentdb-event-store';

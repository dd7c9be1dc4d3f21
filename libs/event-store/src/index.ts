export * from './event-store.port';
export * from './command-handling';
export { UpcastingEventStore } from './upcasting/upcasting-event-store';
export * from './catch-up-subscription';
export * from './current-streams';
export { PostgresEventStore, PostgresEventStoreOptions } from './postgres/postgres-event-store';
export { AppendNotifications } from './postgres/append-notifications';
export { eventStoreMigrations } from './postgres/schema';
export { KurrentDbEventStore } from './kurrentdb/kurrentdb-event-store';

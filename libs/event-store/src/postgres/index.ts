export { PostgresEventStore, PostgresEventStoreOptions } from './postgres-event-store';
export { AppendNotifications } from './append-notifications';
export { eventStoreMigrations } from './schema';

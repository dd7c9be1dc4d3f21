export * from './event-store.port';
export * from './append-signals.port';
export { AppendSignal, NO_APPEND_SIGNALS } from './append-signal';
export * from './command-handling';
export { UpcastingEventStore } from './upcasting/upcasting-event-store';
export * from './catch-up-subscription';
export * from './current-streams';
export * from './trace-context';

export * from './balance-observed.event';

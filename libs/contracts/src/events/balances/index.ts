export * from './balance-observed.event';
export * from './ledger-events';

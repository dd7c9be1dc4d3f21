export * from './balance-chain';
export * from './ledger-order';
export * from './ledger';

export * from './balance-chain';

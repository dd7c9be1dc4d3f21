export * from './sealed-text';
export * from './payer-data-vault.port';
export * from './sql-payer-data-vault';
export * from './schema';

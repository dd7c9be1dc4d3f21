export * from './evolve';
export * from './decide';
export * from './match-rules';
export * from './receiving-account';
export * from './receiving-account-kind';

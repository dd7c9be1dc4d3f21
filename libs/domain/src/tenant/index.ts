export * from './evolve';
export * from './decide';
export * from './raast-qr';

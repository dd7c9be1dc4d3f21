export * from './credential-secret';
export * from './test-service';
export * from './webhook-receiver';
export * from './read-your-writes';
export * from './on-each-database';
export * from './verification-policy';
export * from './corpus-through-service';
export * from './movable-clock';

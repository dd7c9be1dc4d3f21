export * from './streams';
export * from './operator-events';

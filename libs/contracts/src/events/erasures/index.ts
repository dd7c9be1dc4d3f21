export * from './erasure-events';

export * from './forwarder-events';

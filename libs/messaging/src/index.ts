export * from './bus-message';
export * from './bus-transport';
export { AtLeastOnceDelivery, messageIdOf } from './delivery/at-least-once.interceptor';
export { InProcessBroker, DeadLetter } from './in-process/in-process-broker';
export { InProcessServer } from './in-process/in-process.server';
export { inProcessTransport } from './in-process/in-process-transport';

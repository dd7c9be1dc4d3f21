export * from './message-bus.port';
export { InProcessMessageBus } from './in-process/in-process-message-bus';
export { KafkaMessageBus, KafkaMessageBusOptions, KafkaTopic } from './kafka/kafka-message-bus';

export { KafkaTopic, KafkaTransportSettings, connectKafkaTransport } from './kafka-transport';

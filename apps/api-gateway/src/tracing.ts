// First of main's imports: tracing must patch HTTP, pg and kafkajs before anything loads them.
import { startTracing } from '@pvs/observability/tracing-sdk';

startTracing('api-gateway');

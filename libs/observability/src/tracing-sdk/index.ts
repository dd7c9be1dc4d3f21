import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { KafkaJsInstrumentation } from '@opentelemetry/instrumentation-kafkajs';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import { NodeSDK } from '@opentelemetry/sdk-node';
import type { IncomingMessage } from 'node:http';
import { holdTracing, tracingRequested, tracingStarted } from '../tracing/tracing-switch';

/** Paths no trace is wanted for: scraped or polled many times a minute, and about no payment. */
const UNTRACED_PATHS = /^\/(?:metrics|api\/v1\/health)(?:[/?]|$)/;

/**
 * Starts the OpenTelemetry SDK for one process when the `OTEL_*` variables ask for it. It must run before the modules
 * it instruments are loaded (HTTP, pg, kafkajs): each app's `main.ts` imports its `tracing.ts` first. The SDK is a
 * module of its own, loaded by the apps' entry points only (it is some 1,600 modules). Only traces: metrics stay
 * Prometheus, logs stay JSON on stdout. Outgoing HTTP is not instrumented: a webhook is a span of our own and
 * carries no trace header to the merchant.
 */
export function startTracing(app: string, env: NodeJS.ProcessEnv = process.env): void {
  if (tracingStarted() || !tracingRequested(env)) return;
  const sdk = new NodeSDK({
    serviceName: env.OTEL_SERVICE_NAME ?? `pvs-${app}`,
    metricReaders: [],
    logRecordProcessors: [],
    instrumentations: [
      new HttpInstrumentation({
        ignoreOutgoingRequestHook: () => true,
        ignoreIncomingRequestHook: (request: IncomingMessage) => UNTRACED_PATHS.test(request.url ?? ''),
      }),
      // Only queries made for something traced: the log's polling would be a trace every few milliseconds.
      new PgInstrumentation({ requireParentSpan: true }),
      new KafkaJsInstrumentation(),
    ],
  });
  sdk.start();
  holdTracing(sdk);
}

import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { KafkaJsInstrumentation } from '@opentelemetry/instrumentation-kafkajs';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import { NodeSDK } from '@opentelemetry/sdk-node';
import type { IncomingMessage } from 'node:http';

let sdk: NodeSDK | null = null;

/** Paths no trace is wanted for: scraped or polled many times a minute, and about no payment. */
const UNTRACED_PATHS = /^\/(?:metrics|api\/v1\/health)(?:[/?]|$)/;

/**
 * Whether the operator asked for traces with the standard variables: an OTLP endpoint, or a traces exporter other
 * than `none`; `OTEL_SDK_DISABLED=true` wins. Off by default: nothing is exported, nothing is patched.
 */
export function tracingRequested(env: NodeJS.ProcessEnv): boolean {
  if (env.OTEL_SDK_DISABLED?.trim().toLowerCase() === 'true') return false;
  const exporters = env.OTEL_TRACES_EXPORTER?.split(',').map((name) => name.trim().toLowerCase()) ?? [];
  if (exporters.includes('none')) return false;
  return exporters.length > 0 || Boolean(env.OTEL_EXPORTER_OTLP_ENDPOINT || env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT);
}

/**
 * Starts the OpenTelemetry SDK for one process when the `OTEL_*` variables ask for it. It must run before the modules
 * it instruments are loaded (HTTP, pg, kafkajs): each app's `main.ts` imports its `tracing.ts` first. Only traces:
 * metrics stay Prometheus, logs stay JSON on stdout. Outgoing HTTP is not instrumented: a webhook is a span of our own
 * and carries no trace header to the merchant.
 */
export function startTracing(app: string, env: NodeJS.ProcessEnv = process.env): void {
  if (sdk || !tracingRequested(env)) return;
  sdk = new NodeSDK({
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
}

/** Sends what is buffered and stops; nothing when tracing is off. */
export async function stopTracing(): Promise<void> {
  const running = sdk;
  sdk = null;
  await running?.shutdown();
}

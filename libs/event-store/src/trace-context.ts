import { context, propagation } from '@opentelemetry/api';

/** What carries a trace from one process to the next: an event's metadata, a bus message's, an outbox row. */
export interface TraceCarrier {
  readonly traceparent?: string | null;
  readonly tracestate?: string | null;
}

/** The W3C trace context of the active span, to carry on; empty when tracing is off or nothing is traced. */
export function activeTraceContext(): { traceparent?: string; tracestate?: string } {
  const carrier: Record<string, string> = {};
  propagation.inject(context.active(), carrier);
  return { ...(carrier.traceparent && { traceparent: carrier.traceparent }), ...(carrier.tracestate && { tracestate: carrier.tracestate }) };
}

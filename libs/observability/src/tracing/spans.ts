import { Attributes, Context, ROOT_CONTEXT, Span, SpanKind, SpanStatusCode, context, propagation, trace } from '@opentelemetry/api';
import type { TraceCarrier } from '@pvs/event-store';

const tracer = trace.getTracer('payment-verification-service');

export interface SpanOptions {
  readonly kind?: SpanKind;
  readonly attributes?: Attributes;
}

/**
 * The context a span continues: the trace `parent` carries, or a new one when it carries none. When the active span
 * is of that same trace already (Kafka's consumer span, which read the trace from the message's headers), it is
 * the closer parent.
 */
function parentOf(parent: TraceCarrier | null | undefined): Context {
  if (!parent?.traceparent) return ROOT_CONTEXT;
  const carried = propagation.extract(ROOT_CONTEXT, { traceparent: parent.traceparent, ...(parent.tracestate && { tracestate: parent.tracestate }) });
  const active = trace.getSpanContext(context.active());
  return active && active.traceId === trace.getSpanContext(carried)?.traceId ? context.active() : carried;
}

/**
 * Runs `work` in a span that continues the trace `parent` carries (see parentOf), so what it records, publishes or
 * sends carries the trace on. A failure is recorded on the span and thrown on.
 */
export function inSpan<T>(name: string, parent: TraceCarrier | null | undefined, options: SpanOptions, work: (span: Span) => Promise<T>): Promise<T> {
  return tracer.startActiveSpan(name, { kind: options.kind ?? SpanKind.INTERNAL, attributes: options.attributes }, parentOf(parent), async (span) => {
    try {
      return await work(span);
    } catch (error) {
      span.recordException(error instanceof Error ? error : String(error));
      span.setStatus({ code: SpanStatusCode.ERROR, message: error instanceof Error ? error.message : String(error) });
      throw error;
    } finally {
      span.end();
    }
  });
}

/**
 * Links the active span to the traces that recorded what it weighs (the intent's registration, the SMS's ingest) when
 * they are other traces than its own: a payment's two requests come from two clients, and its decision joins them.
 */
export function linkActiveSpan(...origins: readonly (TraceCarrier | undefined)[]): void {
  const span = trace.getActiveSpan();
  if (!span) return;
  const own = span.spanContext().traceId;
  for (const origin of origins) {
    if (!origin?.traceparent) continue;
    const linked = trace.getSpanContext(propagation.extract(ROOT_CONTEXT, { traceparent: origin.traceparent, ...(origin.tracestate && { tracestate: origin.tracestate }) }));
    if (linked && linked.traceId !== own) span.addLink({ context: linked });
  }
}

/** Names the active server span after the route that answers it (`POST /api/v1/payments/verify`), and tags its request id. */
export function nameActiveRequestSpan(method: string, route: string, correlationId: string): void {
  const span = trace.getActiveSpan();
  span?.updateName(`${method} ${route}`);
  span?.setAttributes({ 'http.route': route, 'pvs.correlation_id': correlationId });
}

export { SpanKind };

import { randomBytes } from 'node:crypto';
import { TestResponse } from '@pvs/embedded/testing';
import { OtlpReceiver, ReceivedSpan } from '@pvs/observability/testing';
import { jazzCashCredit } from '@pvs/testing';

type Call = (method: string, path: string, body?: unknown, headers?: Record<string, string>) => Promise<TestResponse>;

/** The spans of one payment's verification, from the SMS ingest to its webhook, in a trace the test starts. */
export interface PaymentTrace {
  readonly spans: readonly ReceivedSpan[];
  /** From the webhook attempt up to the SMS ingest's server span, child first. */
  readonly chain: readonly ReceivedSpan[];
  /** The trace the intent was registered in (another client's request). */
  readonly registeredIn: string;
}

/** A W3C `traceparent` for a new trace the caller started, sampled. */
function startedTrace(): { traceId: string; traceparent: string } {
  const traceId = randomBytes(16).toString('hex');
  return { traceId, traceparent: `00-${traceId}-${randomBytes(8).toString('hex')}-01` };
}

/**
 * Registers and pays one payment through the service, each request in a trace of its caller's (as a merchant's
 * client and a forwarder would send), and reads the ingest's trace as exported once its webhook attempt is there.
 */
export async function tracePayment(call: Call, adminToken: string, webhookUrl: string, spans: OtlpReceiver): Promise<PaymentTrace> {
  const tenant = (await call('POST', '/admin/tenants', { name: 'Traced Tikka', webhook_url: webhookUrl }, { authorization: `Bearer ${adminToken}` })).body.data;
  const reference = String(100_000_000_000 + Math.floor(Math.random() * 899_999_999_999));
  const registration = startedTrace();
  const registered = await call('POST', '/payments/verify', { gateway: 'wallet_one', transaction_reference: reference, amount: 1250 }, { 'x-api-key': tenant.api_key, traceparent: registration.traceparent });
  if (registered.status !== 200) throw new Error(`registration answered ${registered.status}`);
  const ingest = startedTrace();
  const sms = { sender: '8558', body: jazzCashCredit({ reference, amount: '1,250.00' }) };
  const ingested = await call('POST', '/sms/ingest', sms, { 'x-gateway-secret': tenant.gateway_secret, traceparent: ingest.traceparent });
  if (ingested.body.status !== 'verified') throw new Error(`ingest answered ${JSON.stringify(ingested.body)}`);
  // Each process exports its spans in its own batches: wait until the chain from the webhook reaches the ingest.
  const traced = await spans.trace(ingest.traceId, (all) => chainFromWebhook(all).at(-1)?.name.endsWith('/sms/ingest') === true);
  const chain = chainFromWebhook(traced);
  return { spans: traced, chain, registeredIn: registration.traceId };
}

/** From the webhook attempt up through its parents, as far as the spans received so far reach. */
function chainFromWebhook(spans: readonly ReceivedSpan[]): ReceivedSpan[] {
  const byId = new Map(spans.map((span) => [span.spanId, span]));
  const chain: ReceivedSpan[] = [];
  for (let span = spans.find((candidate) => candidate.name === 'webhook payment.verified'); span; span = span.parentSpanId ? byId.get(span.parentSpanId) : undefined) chain.push(span);
  return chain;
}

/** The chain as a reader of the test's output sees it: the root first, each span with its process and duration. */
export function describeChain(chain: readonly ReceivedSpan[]): string {
  return [...chain].reverse().map((span) => `${span.service} ${span.name} ${span.durationMs.toFixed(1)} ms`).join('\n');
}

import { once } from 'node:events';
import { AddressInfo } from 'node:net';
import { Server, createServer } from 'node:http';

/** A span as an OTLP/HTTP JSON export carries it, reduced to what tests look at. */
export interface ReceivedSpan {
  readonly service: string;
  readonly traceId: string;
  readonly spanId: string;
  readonly parentSpanId: string | null;
  readonly name: string;
  readonly durationMs: number;
  readonly attributes: Readonly<Record<string, string | number | boolean>>;
  readonly linkedTraceIds: readonly string[];
}

interface OtlpValue {
  stringValue?: string;
  intValue?: string | number;
  boolValue?: boolean;
  doubleValue?: number;
}
interface OtlpAttribute {
  key: string;
  value: OtlpValue;
}
interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  startTimeUnixNano: string;
  endTimeUnixNano: string;
  attributes?: OtlpAttribute[];
  links?: { traceId: string }[];
}
interface OtlpExport {
  resourceSpans?: { resource?: { attributes?: OtlpAttribute[] }; scopeSpans?: { spans?: OtlpSpan[] }[] }[];
}

const valueOf = ({ stringValue, intValue, boolValue, doubleValue }: OtlpValue) => stringValue ?? (intValue === undefined ? undefined : Number(intValue)) ?? boolValue ?? doubleValue ?? '';
const attributesOf = (attributes: readonly OtlpAttribute[] = []) => Object.fromEntries(attributes.map(({ key, value }) => [key, valueOf(value)]));

/** An OTLP/HTTP traces endpoint of its own (JSON encoding: `OTEL_EXPORTER_OTLP_PROTOCOL=http/json`), keeping every span. */
export class OtlpReceiver {
  readonly spans: ReceivedSpan[] = [];
  private server: Server | null = null;

  /** The value for `OTEL_EXPORTER_OTLP_ENDPOINT`. */
  endpoint = '';

  async start(): Promise<this> {
    this.server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        this.keep(JSON.parse(Buffer.concat(chunks).toString('utf8')));
        response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      });
    });
    this.server.listen(0, '127.0.0.1');
    await once(this.server, 'listening');
    this.endpoint = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise((resolve) => this.server?.close(resolve));
  }

  /** The spans of one trace once `complete` says they are all there (exports come in batches), within the timeout. */
  async trace(traceId: string, complete: (spans: readonly ReceivedSpan[]) => boolean, timeoutMs = 20_000): Promise<ReceivedSpan[]> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const spans = this.spans.filter((span) => span.traceId === traceId);
      if (complete(spans)) return spans;
      if (Date.now() > deadline) throw new Error(`trace ${traceId} incomplete after ${timeoutMs} ms: ${spans.map((span) => `${span.service}:${span.name}`).join(', ')}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  private keep(exported: OtlpExport): void {
    for (const { resource, scopeSpans = [] } of exported.resourceSpans ?? []) {
      const service = String(attributesOf(resource?.attributes)['service.name'] ?? '');
      for (const span of scopeSpans.flatMap((scope) => scope.spans ?? [])) {
        this.spans.push({
          service,
          traceId: span.traceId,
          spanId: span.spanId,
          parentSpanId: span.parentSpanId || null,
          name: span.name,
          durationMs: Number(BigInt(span.endTimeUnixNano) - BigInt(span.startTimeUnixNano)) / 1e6,
          attributes: attributesOf(span.attributes),
          linkedTraceIds: (span.links ?? []).map((link) => link.traceId),
        });
      }
    }
  }
}

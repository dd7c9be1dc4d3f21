import { lookup as dnsLookup } from 'node:dns/promises';
import { Agent as HttpAgent, request as httpRequest } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { isIP, LookupFunction } from 'node:net';
import { isPublicAddress, nonPublicKind } from '@pvs/webhook-deliveries';
import { parseRetryAfter } from './retry-after';
import { WebhookRequest, WebhookResult, WebhookSender } from './webhook-sender.port';

export type Resolve = (hostname: string) => Promise<readonly { address: string; family: 4 | 6 }[]>;

interface Address {
  readonly address: string;
  readonly family: 4 | 6;
}

type Outcome =
  | { readonly kind: 'response'; readonly status: number; readonly retryAfterSeconds: number | null }
  | { readonly kind: 'refused'; readonly reason: string };

const DEFAULT_MAX_RESPONSE_BYTES = 64 * 1024;
/** Endpoints whose connections are kept alive at once; the least recently used one's are closed past it. */
const MAX_POOLED_ORIGINS = 1_000;
const DEFAULT_HEADERS = { 'content-type': 'application/json', 'user-agent': 'PaymentVerificationService-Webhooks/1.0' };

const resolveWithSystemDns: Resolve = async (hostname) =>
  (await dnsLookup(hostname, { all: true })).map(({ address, family }) => ({ address, family: family === 6 ? 6 : 4 }));

/**
 * POSTs webhooks without following redirects. Unless private networks are allowed, the hostname is resolved once,
 * every address is checked, and the connection is pinned to the checked address, so DNS rebinding cannot slip past.
 */
export class NodeHttpWebhookSender implements WebhookSender {
  private readonly allowPrivateNetworks: boolean;
  private readonly resolve: Resolve;
  private readonly maxResponseBytes: number;
  /** Kept-alive connections per endpoint origin (and the address it was checked at), most recently used last. */
  private readonly pools = new Map<string, HttpAgent>();

  constructor(options: { allowPrivateNetworks: boolean; resolve?: Resolve; maxResponseBytes?: number }) {
    this.allowPrivateNetworks = options.allowPrivateNetworks;
    this.resolve = options.resolve ?? resolveWithSystemDns;
    this.maxResponseBytes = options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES;
  }

  /** Closes every kept-alive connection. */
  close(): void {
    for (const agent of this.pools.values()) agent.destroy();
    this.pools.clear();
  }

  async send(request: WebhookRequest): Promise<WebhookResult> {
    const started = performance.now();
    const durationMs = () => Math.round(performance.now() - started);
    const deadline = new AbortController();
    const timer = setTimeout(() => deadline.abort(), request.timeoutMs);
    try {
      const outcome = await Promise.race([this.attempt(request, deadline.signal), rejectWhenAborted(deadline.signal)]);
      return { ...outcome, durationMs: durationMs() };
    } catch (error) {
      const message = deadline.signal.aborted ? `timed out after ${request.timeoutMs} ms` : messageOf(error);
      return { kind: 'failed', error: message, durationMs: durationMs() };
    } finally {
      clearTimeout(timer);
    }
  }

  private async attempt(request: WebhookRequest, signal: AbortSignal): Promise<Outcome> {
    const url = URL.canParse(request.url) ? new URL(request.url) : null;
    if (!url) return { kind: 'refused', reason: 'the webhook URL is not a valid URL' };
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      return { kind: 'refused', reason: `only http and https webhook URLs are allowed, not ${url.protocol}` };
    }
    const destination = await this.destination(url.hostname.replace(/^\[(.*)\]$/, '$1'));
    if (typeof destination === 'string') return { kind: 'refused', reason: destination };
    signal.throwIfAborted();
    return post(url, destination, this.poolFor(url, destination), request, signal, this.maxResponseBytes);
  }

  /**
   * The connections of one endpoint, reused by its next webhooks. Keyed by the address checked too, so a
   * connection is only ever reused for the address it was opened to and checked at.
   */
  private poolFor(url: URL, destination: Address): HttpAgent {
    const key = `${url.origin} ${destination.address}`;
    const pooled = this.pools.get(key);
    if (pooled) {
      this.pools.delete(key);
      this.pools.set(key, pooled);
      return pooled;
    }
    const agent = url.protocol === 'https:' ? new HttpsAgent({ keepAlive: true }) : new HttpAgent({ keepAlive: true });
    this.pools.set(key, agent);
    if (this.pools.size > MAX_POOLED_ORIGINS) {
      const [[oldest, evicted]] = this.pools;
      this.pools.delete(oldest);
      evicted.destroy();
    }
    return agent;
  }

  /** The address to connect to, or why the policy refuses the host. */
  private async destination(host: string): Promise<Address | string> {
    const literal = isIP(host);
    const addresses = literal ? [{ address: host, family: literal as 4 | 6 }] : await this.resolve(host);
    if (addresses.length === 0) throw new Error(`${host} did not resolve to any address`);
    const refused = this.allowPrivateNetworks ? undefined : addresses.find(({ address }) => !isPublicAddress(address));
    if (refused) {
      const shown = literal ? refused.address : `${host} (${refused.address})`;
      return `destination ${shown} is ${nonPublicKind(refused.address)} (set WEBHOOK_ALLOW_PRIVATE_NETWORKS=true to allow)`;
    }
    return addresses[0];
  }
}

function post(url: URL, destination: Address, agent: HttpAgent, request: WebhookRequest, signal: AbortSignal, maxResponseBytes: number): Promise<Outcome> {
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const outgoing = send(
      url,
      // Node skips `lookup` for IP literals, which destination() has already checked.
      { method: 'POST', headers: { ...DEFAULT_HEADERS, ...request.headers }, agent, lookup: pinnedTo(destination), signal },
      (response) => {
        const settle = () =>
          resolve({ kind: 'response', status: response.statusCode ?? 0, retryAfterSeconds: parseRetryAfter(response.headers['retry-after'], Date.now()) });
        let received = 0;
        response.on('data', (chunk: Buffer) => {
          received += chunk.length;
          if (received > maxResponseBytes) {
            settle();
            response.destroy();
          }
        });
        response.on('end', settle);
        response.on('error', reject);
        response.on('close', () => reject(new Error('the connection closed before the response ended')));
      },
    );
    outgoing.on('error', reject);
    outgoing.end(request.body, 'utf8');
  });
}

function pinnedTo({ address, family }: Address): LookupFunction {
  return (_hostname, options, callback) => (options.all ? callback(null, [{ address, family }]) : callback(null, address, family));
}

function rejectWhenAborted(signal: AbortSignal): Promise<never> {
  return new Promise((_, reject) => signal.addEventListener('abort', () => reject(signal.reason), { once: true }));
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

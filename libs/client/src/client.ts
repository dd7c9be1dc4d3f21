import { PaymentVerificationError, ServiceUnreachableError, StatusWaitTimeoutError } from './errors';
import type { CreatePaymentLinkRequest, Health, LinkPayment, ListedPaymentLink, PaymentLink, PaymentStatus, PaymentStatusName, PaymentSubmission, RegisterPaymentRequest, SmsIngestRequest, SmsIngestResult } from './types';

export interface ClientOptions {
  /** The service's address with its path prefix, e.g. `https://pay.example.com/api/v1`. */
  readonly baseUrl: string;
  /** The tenant's API key (`pvs_…`). */
  readonly apiKey: string;
  /** Each attempt's time limit; 10 s by default. */
  readonly timeoutMs?: number;
  /** Attempts after the first on a network error, a timeout or a 5xx; 3 by default. A 4xx is never retried. */
  readonly retries?: number;
  /** The waits before each retry, the last one repeated; 250 ms, 1 s, then 4 s by default. */
  readonly backoffMs?: readonly number[];
  /** Another fetch (tests, proxies); the global one by default. */
  readonly fetch?: typeof fetch;
}

export interface RequestOptions {
  readonly signal?: AbortSignal;
}

export interface WaitOptions extends RequestOptions {
  /** The statuses to stop at; a final one (verified, failed) by default. */
  readonly until?: readonly PaymentStatusName[];
  /** How long to wait in all; 60 s by default, as the API recommends. */
  readonly timeoutMs?: number;
  /** Between two reads; 3 s by default, as the API recommends. */
  readonly intervalMs?: number;
}

const FINAL: readonly PaymentStatusName[] = ['verified', 'failed'];
const BACKOFF_MS: readonly number[] = [250, 1_000, 4_000];

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

function retryAfterSeconds(response: Response): number | null {
  const value = response.headers.get('retry-after');
  if (value === null) return null;
  const seconds = /^\d+$/.test(value) ? Number(value) : (Date.parse(value) - Date.now()) / 1000;
  return Number.isFinite(seconds) ? Math.max(0, seconds) : null;
}

async function errorOf(response: Response): Promise<PaymentVerificationError> {
  const text = await response.text();
  let message = `HTTP ${response.status}`;
  try {
    const body: unknown = JSON.parse(text);
    if (typeof body === 'object' && body !== null && 'message' in body && typeof body.message === 'string') message = body.message;
  } catch {
    // Not the service's JSON (a proxy's page): the status says enough.
  }
  return new PaymentVerificationError(response.status, message, retryAfterSeconds(response));
}

/**
 * The merchant's side of the payment verification API: register a payment intent, read its status (or wait for
 * it), forward an SMS, check the service's health. Requests that fail on the way (network, timeout, 5xx) are
 * retried with backoff; they are all safe to repeat (a payment is known by its reference, an SMS by its text).
 */
export class PaymentVerificationClient {
  private readonly baseUrl: string;
  private readonly fetch: typeof fetch;

  constructor(private readonly options: ClientOptions) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.fetch = options.fetch ?? globalThis.fetch;
  }

  /** Registers a payment intent; registering one already verified answers it as it stands. */
  async registerPayment(request: RegisterPaymentRequest, options: RequestOptions = {}): Promise<PaymentSubmission> {
    const answer = await this.request<{ data: PaymentSubmission }>('POST', '/payments/verify', request, options);
    return answer.data;
  }

  async getStatus(uuid: string, options: RequestOptions = {}): Promise<PaymentStatus> {
    const answer = await this.request<{ data: PaymentStatus }>('GET', `/payments/status/${encodeURIComponent(uuid)}`, undefined, options);
    return answer.data;
  }

  /**
   * Creates a payment link: a page at `url` where payers pay and submit their transaction id. Not retried: each
   * call makes a new link, so after a network error list the links before creating another.
   */
  async createPaymentLink(request: CreatePaymentLinkRequest, options: RequestOptions = {}): Promise<PaymentLink> {
    const answer = await this.request<{ data: PaymentLink }>('POST', '/payment-links', request, { ...options, once: true });
    return answer.data;
  }

  async getPaymentLink(id: string, options: RequestOptions = {}): Promise<PaymentLink> {
    const answer = await this.request<{ data: PaymentLink }>('GET', `/payment-links/${encodeURIComponent(id)}`, undefined, options);
    return answer.data;
  }

  /** The links, newest first, with their uses and verified payments (a moment behind). */
  async listPaymentLinks(options: RequestOptions & { limit?: number } = {}): Promise<ListedPaymentLink[]> {
    const query = options.limit === undefined ? '' : `?limit=${options.limit}`;
    const answer = await this.request<{ data: ListedPaymentLink[] }>('GET', `/payment-links${query}`, undefined, options);
    return answer.data;
  }

  /** The payments made through a link, with what each payer chose to give. */
  async listLinkPayments(id: string, options: RequestOptions & { limit?: number } = {}): Promise<LinkPayment[]> {
    const query = options.limit === undefined ? '' : `?limit=${options.limit}`;
    const answer = await this.request<{ data: LinkPayment[] }>('GET', `/payment-links/${encodeURIComponent(id)}/payments${query}`, undefined, options);
    return answer.data;
  }

  /** Stops a link taking payments, at once; safe to repeat. */
  async disablePaymentLink(id: string, options: RequestOptions = {}): Promise<PaymentLink> {
    const answer = await this.request<{ data: PaymentLink }>('POST', `/payment-links/${encodeURIComponent(id)}/disable`, undefined, options);
    return answer.data;
  }

  /** Forwards an SMS as the merchant's phone received it; a 422 (not a payment we can read) throws. */
  ingestSms(sms: SmsIngestRequest, options: RequestOptions = {}): Promise<SmsIngestResult> {
    return this.request<SmsIngestResult>('POST', '/sms/ingest', sms, options);
  }

  /** The service's health; a degraded service (503) is an answer, not an error. */
  health(options: RequestOptions = {}): Promise<Health> {
    return this.request<Health>('GET', '/system/health', undefined, { ...options, answers: [503] });
  }

  /**
   * Reads the payment's status every 3 s until it is final (or one of `until`), for at most 60 s: what a checkout
   * page does after the customer says they paid. A 429 waits as long as `Retry-After` says. Throws a
   * `StatusWaitTimeoutError` carrying the last status read when the time is up.
   */
  async waitForStatus(uuid: string, options: WaitOptions = {}): Promise<PaymentStatus> {
    const { until = FINAL, timeoutMs = 60_000, intervalMs = 3_000, signal } = options;
    const deadline = Date.now() + timeoutMs;
    let last: PaymentStatus | undefined;
    for (;;) {
      let pause = intervalMs;
      try {
        last = await this.getStatus(uuid, { signal });
        if (until.includes(last.status)) return last;
      } catch (error) {
        if (!(error instanceof PaymentVerificationError && error.status === 429)) throw error;
        pause = Math.max(intervalMs, (error.retryAfterSeconds ?? 0) * 1000);
      }
      const left = deadline - Date.now();
      if (left <= 0) {
        if (last === undefined) throw new ServiceUnreachableError('No status could be read in time');
        throw new StatusWaitTimeoutError(last);
      }
      // The last read comes at the deadline.
      await sleep(Math.min(pause, left), signal);
    }
  }

  /** `once`: a request that must not be sent twice (it creates something each time) is never retried. */
  private async request<T>(method: string, path: string, body: unknown, options: RequestOptions & { answers?: readonly number[]; once?: boolean }): Promise<T> {
    const retries = options.once ? 0 : (this.options.retries ?? 3);
    const backoff = this.options.backoffMs ?? BACKOFF_MS;
    const pauseAfter = (attempt: number) => backoff[Math.min(attempt, backoff.length - 1)];
    for (let attempt = 0; ; attempt++) {
      options.signal?.throwIfAborted();
      let response: Response;
      try {
        const signals = [AbortSignal.timeout(this.options.timeoutMs ?? 10_000), ...(options.signal ? [options.signal] : [])];
        response = await this.fetch(`${this.baseUrl}${path}`, {
          method,
          headers: { 'x-api-key': this.options.apiKey, accept: 'application/json', ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
          body: body === undefined ? undefined : JSON.stringify(body),
          signal: AbortSignal.any(signals),
        });
      } catch (error) {
        if (options.signal?.aborted) throw options.signal.reason;
        if (attempt >= retries) throw new ServiceUnreachableError(`${method} ${path} failed: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
        await sleep(pauseAfter(attempt), options.signal);
        continue;
      }
      if (response.ok || options.answers?.includes(response.status)) return (await response.json()) as T;
      const error = await errorOf(response);
      if (response.status < 500 || attempt >= retries) throw error;
      await sleep(Math.max(pauseAfter(attempt), (error.retryAfterSeconds ?? 0) * 1000), options.signal);
    }
  }
}

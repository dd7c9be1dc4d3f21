export const WEBHOOK_SENDER = Symbol('WEBHOOK_SENDER');

export interface WebhookRequest {
  readonly url: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
  readonly timeoutMs: number;
}

export type WebhookResult =
  | { readonly kind: 'response'; readonly status: number; readonly retryAfterSeconds: number | null; readonly durationMs: number }
  /** No response: refused or reset connection, DNS failure, timeout. */
  | { readonly kind: 'failed'; readonly error: string; readonly durationMs: number }
  /** The SSRF policy refused the destination before any connection was attempted. */
  | { readonly kind: 'refused'; readonly reason: string; readonly durationMs: number };

/** Makes one delivery attempt; never throws, every outcome is a result. */
export interface WebhookSender {
  send(request: WebhookRequest): Promise<WebhookResult>;
  /** Closes the connections it keeps alive between webhooks. */
  close(): void;
}

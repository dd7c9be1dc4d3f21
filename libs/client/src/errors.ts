/** The service answered with an error: its HTTP status and its message (`{success:false, message}`). */
export class PaymentVerificationError extends Error {
  override readonly name = 'PaymentVerificationError';

  constructor(
    readonly status: number,
    message: string,
    /** Seconds to wait before asking again, from `Retry-After` (429 and 503). */
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(message);
  }
}

/** The service could not be reached, or did not answer in time, after every retry. */
export class ServiceUnreachableError extends Error {
  override readonly name = 'ServiceUnreachableError';

  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
  }
}

/** `waitForStatus` ran out of time before the payment reached a status it waits for; `last` is what it read last. */
export class StatusWaitTimeoutError<Status> extends Error {
  override readonly name = 'StatusWaitTimeoutError';

  constructor(readonly last: Status) {
    super('The payment did not reach the awaited status in time');
  }
}

/**
 * `missing_signature`: no X-Service-Signature; `missing_headers`: a Standard Webhooks header (`webhook-id`,
 * `webhook-timestamp`, `webhook-signature`) is missing or empty.
 */
export type WebhookFailure = 'missing_signature' | 'missing_headers' | 'bad_signature' | 'timestamp_out_of_window' | 'malformed_payload';

/** A webhook that must not be trusted: answer it 403 (or 400 when malformed), and do not act on it. */
export class WebhookVerificationError extends Error {
  override readonly name = 'WebhookVerificationError';

  constructor(
    readonly reason: WebhookFailure,
    message: string,
  ) {
    super(message);
  }
}

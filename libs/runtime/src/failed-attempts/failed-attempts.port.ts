export const FAILED_ATTEMPTS = Symbol('FAILED_ATTEMPTS');

/** How many failures a key may have within a window before it is blocked, and for how long. */
export interface FailurePolicy {
  readonly limit: number;
  readonly windowMs: number;
  readonly blockMs: number;
}

/**
 * Failed attempts (wrong credentials) counted per key (a client address, a credential's key id), shared by every
 * gateway process where the adapter allows: a key with too many failures in a window is blocked for a while.
 */
export interface FailedAttempts {
  /** Milliseconds until every one of `keys` may try again: 0 when none is blocked. */
  blockedFor(keys: readonly string[]): Promise<number>;
  /** One more failure for each key; the one that reaches the limit is blocked from now. */
  record(keys: readonly string[], policy: FailurePolicy): Promise<void>;
}

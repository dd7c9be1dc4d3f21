export const APPEND_SIGNALS = Symbol('APPEND_SIGNALS');

/**
 * Wakes a process's readers when events are appended, so they need not wait for their next poll: beside the
 * event store, not part of it (a store only stores and reads; KurrentDB has no such signal, its readers poll).
 */
export interface AppendSignals {
  /** Resolves when an append committed (at once if one came after `since`, a value of `appendsSignalled()`), or after `timeoutMs`. */
  waitForAppend(timeoutMs: number, since?: number): Promise<void>;
  /** How many appends were signalled so far. */
  appendsSignalled(): number;
  /** True when every append, by any process, is signalled: then polling is only a fallback. */
  readonly signalsEveryAppend: boolean;
}

/** The one SQL surface every adapter (pg pool, PGlite) offers; SQL text is identical on both. */
export interface SqlExecutor {
  query<Row = Record<string, unknown>>(text: string, params?: readonly unknown[]): Promise<Row[]>;
  /** Runs a script of several statements without parameters (migrations). */
  exec(script: string): Promise<void>;
}

/** A session-level advisory lock held by this process until released or its connection drops. */
export interface HeldLock {
  /** Resolves when the lock is lost (its connection broke) or released. */
  readonly lost: Promise<void>;
  release(): Promise<void>;
}

export interface SqlClient extends SqlExecutor {
  /** Runs `work` in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(work: (tx: SqlExecutor) => Promise<T>): Promise<T>;
  /** Takes the advisory lock `key` for this process if nobody holds it, else returns null. */
  tryLock(key: number): Promise<HeldLock | null>;
  close(): Promise<void>;
}

/** Thrown for a unique-constraint violation, so callers need not know driver error codes. */
export const UNIQUE_VIOLATION = '23505';

export function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === UNIQUE_VIOLATION;
}

import { FailedAttempts, FailurePolicy } from './failed-attempts.port';

interface Count {
  failures: number;
  windowEndsAt: number;
  blockedUntil: number;
}

/** Counts in this process's memory (embedded mode); a key's entry is dropped once its window and block are over. */
export class MemoryFailedAttempts implements FailedAttempts {
  private readonly counts = new Map<string, Count>();

  constructor(private readonly now: () => number = Date.now) {}

  async blockedFor(keys: readonly string[]): Promise<number> {
    const now = this.now();
    return Math.max(0, ...keys.map((key) => (this.counts.get(key)?.blockedUntil ?? 0) - now));
  }

  async record(keys: readonly string[], { limit, windowMs, blockMs }: FailurePolicy): Promise<void> {
    const now = this.now();
    this.forget(now);
    for (const key of keys) {
      const count = this.counts.get(key);
      const current = count && count.windowEndsAt > now ? count : { failures: 0, windowEndsAt: now + windowMs, blockedUntil: count?.blockedUntil ?? 0 };
      current.failures += 1;
      if (current.failures >= limit) {
        current.blockedUntil = now + blockMs;
        current.failures = 0;
      }
      this.counts.set(key, current);
    }
  }

  /** Entries past their window and block: the map holds only keys that failed lately. */
  private forget(now: number): void {
    for (const [key, count] of this.counts) if (count.windowEndsAt <= now && count.blockedUntil <= now) this.counts.delete(key);
  }
}

/** Wakes readers in this process when an append committed, so they need not wait for their next poll. */
export class AppendSignal {
  private readonly waiters = new Set<() => void>();

  /** Resolves at the next `notify`, or after `timeoutMs`. */
  wait(timeoutMs: number): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.waiters.delete(done);
        resolve();
      };
      const timer = setTimeout(done, timeoutMs);
      this.waiters.add(done);
    });
  }

  notify(): void {
    for (const wake of [...this.waiters]) wake();
  }
}

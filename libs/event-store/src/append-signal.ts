/** Wakes readers in this process when an append committed, so they need not wait for their next poll. */
export class AppendSignal {
  private readonly waiters = new Set<() => void>();
  private notified = 0;

  /** How many appends were signalled so far: pass it to `wait` to miss none signalled since. */
  get count(): number {
    return this.notified;
  }

  /** Resolves at the next `notify` (at once if one came after `since`), or after `timeoutMs`. */
  wait(timeoutMs: number, since?: number): Promise<void> {
    if (since !== undefined && since !== this.notified) return Promise.resolve();
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
    this.notified++;
    for (const wake of [...this.waiters]) wake();
  }
}

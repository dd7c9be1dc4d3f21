import { AppendSignals } from './append-signals.port';

/**
 * The append signals of one process: notified by its own appends, and by other processes' when they notify
 * (PostgreSQL's AppendNotifications); `signalsEveryAppend` says whether those reach it.
 */
export class AppendSignal implements AppendSignals {
  private readonly waiters = new Set<() => void>();
  private notified = 0;

  constructor(readonly signalsEveryAppend: boolean) {}

  appendsSignalled(): number {
    return this.notified;
  }

  waitForAppend(timeoutMs: number, since?: number): Promise<void> {
    if (since !== undefined && since !== this.notified) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.waiters.delete(done);
        resolve();
      };
      // A reader waiting for appends does not keep the process alive.
      const timer = setTimeout(done, timeoutMs).unref();
      this.waiters.add(done);
    });
  }

  notify(): void {
    this.notified++;
    for (const wake of [...this.waiters]) wake();
  }
}

/** For readers that only catch up, or poll: nothing ever signals them. */
export const NO_APPEND_SIGNALS: AppendSignals = new AppendSignal(false);

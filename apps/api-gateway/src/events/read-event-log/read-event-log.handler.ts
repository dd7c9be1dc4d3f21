import { Inject, Injectable } from '@nestjs/common';
import { APPEND_SIGNALS, AppendSignals, Checkpoint, EVENT_STORE, EventStore, RecordedEvent } from '@pvs/event-store';

/** Appends the store is told of wake a waiting read at once; this bounds the wait for any others. */
const POLL_INTERVAL_MS = 250;

@Injectable()
export class ReadEventLogHandler {
  constructor(
    @Inject(EVENT_STORE) private readonly events: EventStore,
    @Inject(APPEND_SIGNALS) private readonly signals: AppendSignals,
  ) {}

  /** Events of every stream after `after`, in commit order; when there are none yet, waits up to `waitMs` for some. */
  async read(after: Checkpoint | null, limit: number, waitMs: number): Promise<RecordedEvent[]> {
    const deadline = Date.now() + waitMs;
    for (;;) {
      // Counted before reading, so an append committed while the read runs is not waited out.
      const seen = this.signals.appendsSignalled();
      const events = await this.events.readAll({ after, limit });
      const remaining = deadline - Date.now();
      if (events.length > 0 || remaining <= 0) return events;
      await this.signals.waitForAppend(Math.min(remaining, POLL_INTERVAL_MS), seen);
    }
  }
}

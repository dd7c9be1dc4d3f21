import { Inject, Injectable } from '@nestjs/common';
import { Checkpoint, EVENT_STORE, EventStore, RecordedEvent } from '@pvs/event-store';

/** Appends in this process wake a waiting read at once; those of other processes are seen at the next read. */
const POLL_INTERVAL_MS = 250;

@Injectable()
export class ReadEventLogHandler {
  constructor(@Inject(EVENT_STORE) private readonly events: EventStore) {}

  /** Events of every stream after `after`, in commit order; when there are none yet, waits up to `waitMs` for some. */
  async read(after: Checkpoint | null, limit: number, waitMs: number): Promise<RecordedEvent[]> {
    const deadline = Date.now() + waitMs;
    for (;;) {
      const events = await this.events.readAll({ after, limit });
      const remaining = deadline - Date.now();
      if (events.length > 0 || remaining <= 0) return events;
      await this.events.waitForAppend(Math.min(remaining, POLL_INTERVAL_MS));
    }
  }
}

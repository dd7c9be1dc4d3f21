import { EventFilter, RecordedEvent } from '@pvs/event-store';
import { SqlExecutor } from '@pvs/sql';

/** A read-model table kept from the events; `apply` must tolerate an event it has already seen. */
export interface Projection {
  readonly name: string;
  readonly filter: EventFilter;
  apply(tx: SqlExecutor, events: readonly RecordedEvent[]): Promise<void>;
  /** Empties the projection's rows, for a rebuild from the start of the log. */
  reset(tx: SqlExecutor): Promise<void>;
}

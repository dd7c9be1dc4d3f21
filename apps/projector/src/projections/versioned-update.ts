import { RecordedEvent } from '@pvs/event-store';
import { SqlExecutor } from '@pvs/sql';

export type ApplyEvent = (tx: SqlExecutor, event: RecordedEvent, table: string) => Promise<void>;

/**
 * An UPDATE of one row of the table given that only applies over an older stream version, so a
 * replayed event changes nothing. In `set`, $3… are the values given.
 */
export function versionedUpdate(
  idColumn: string,
  idOf: (event: RecordedEvent) => string,
  set: string,
  values: (event: RecordedEvent) => unknown[] = () => [],
): ApplyEvent {
  return async (tx, event, table) => {
    await tx.query(`UPDATE ${table} SET ${set}, stream_version = $2 WHERE ${idColumn} = $1 AND stream_version < $2`, [
      idOf(event),
      event.streamVersion,
      ...values(event),
    ]);
  };
}

import { RecordedEvent } from '@pvs/event-store';
import { SqlExecutor } from '@pvs/sql';

export type ApplyEvent = (tx: SqlExecutor, event: RecordedEvent) => Promise<void>;

/**
 * An UPDATE of one row that only applies over an older stream version, so a replayed event
 * changes nothing. In `set`, $3… are the values given.
 */
export function versionedUpdate(
  table: string,
  idColumn: string,
  idOf: (event: RecordedEvent) => string,
  set: string,
  values: (event: RecordedEvent) => unknown[] = () => [],
): ApplyEvent {
  const statement = `UPDATE ${table} SET ${set}, stream_version = $2 WHERE ${idColumn} = $1 AND stream_version < $2`;
  return async (tx, event) => {
    await tx.query(statement, [idOf(event), event.streamVersion, ...values(event)]);
  };
}

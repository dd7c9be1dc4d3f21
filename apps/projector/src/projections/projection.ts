import { RecordedEvent } from '@pvs/event-store';
import { ProjectionDefinition, ProjectionTables } from '@pvs/read-model';
import { SqlExecutor } from '@pvs/sql';

/**
 * Read-model tables kept from the events. `apply` writes to the tables it is given (the live ones,
 * or a rebuild's copies) and must tolerate an event it has already seen.
 */
export interface Projection<Tables extends ProjectionTables = ProjectionTables> extends ProjectionDefinition<Tables> {
  apply(tx: SqlExecutor, events: readonly RecordedEvent[], tables: Tables): Promise<void>;
}

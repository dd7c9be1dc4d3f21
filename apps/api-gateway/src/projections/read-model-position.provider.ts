import { EVENT_STORE, EventStore } from '@pvs/event-store';
import { ReadModelPosition } from '@pvs/read-model';
import { CLOCK, Clock, READ_MODEL_DATABASE } from '@pvs/runtime';
import { SqlClient } from '@pvs/sql';

/** Where the projections stand: an operator's change answers once the list it shows in has applied it. */
export const READ_MODEL_POSITION = Symbol('READ_MODEL_POSITION');

export const readModelPositionProvider = {
  provide: READ_MODEL_POSITION,
  inject: [EVENT_STORE, READ_MODEL_DATABASE, CLOCK],
  useFactory: (events: EventStore, sql: SqlClient, clock: Clock) => new ReadModelPosition(events, sql, () => clock.now()),
};

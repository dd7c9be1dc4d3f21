import { Migration } from '@pvs/sql';

export const eventStoreMigrations: readonly Migration[] = [
  {
    id: 'event-store/001-events',
    sql: `
      CREATE TABLE es_streams (
        stream_name text PRIMARY KEY,
        category text NOT NULL,
        version bigint NOT NULL
      );
      CREATE SEQUENCE es_global_position;
      CREATE TABLE es_events (
        global_position bigint PRIMARY KEY DEFAULT nextval('es_global_position'),
        -- the writing transaction: readers only pass events below the oldest open transaction
        transaction_id xid8 NOT NULL DEFAULT pg_current_xact_id(),
        event_id uuid NOT NULL UNIQUE,
        stream_name text NOT NULL,
        stream_version bigint NOT NULL,
        category text NOT NULL,
        event_type text NOT NULL,
        data json NOT NULL,
        metadata jsonb NOT NULL,
        recorded_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (stream_name, stream_version)
      );
      CREATE INDEX es_events_commit_order ON es_events (transaction_id, global_position);
      CREATE INDEX es_events_category_commit_order ON es_events (category, transaction_id, global_position);
      CREATE INDEX es_events_type_commit_order ON es_events (event_type, transaction_id, global_position);
    `,
  },
];

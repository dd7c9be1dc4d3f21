import { SqlExecutor } from '@pvs/sql';

/** Where a projection stands in the log (null: nowhere yet); the projector alone writes it. */
export async function loadProjectionCheckpoint(sql: SqlExecutor, projection: string): Promise<string | null> {
  const [row] = await sql.query<{ checkpoint: string | null }>(
    'SELECT checkpoint FROM rm_checkpoints WHERE projection = $1',
    [projection],
  );
  return row?.checkpoint ?? null;
}

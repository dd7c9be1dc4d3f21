import { SqlExecutor } from '@pvs/sql';

// The projector's writes of its projections' checkpoints (`rm_checkpoints`); others read them through @pvs/read-model.

/** Call inside the transaction that applied the events up to `checkpoint`. */
export async function storeProjectionCheckpoint(sql: SqlExecutor, projection: string, checkpoint: string | null): Promise<void> {
  await sql.query(
    `INSERT INTO rm_checkpoints (projection, checkpoint, updated_at) VALUES ($1, $2, now())
     ON CONFLICT (projection) DO UPDATE SET checkpoint = EXCLUDED.checkpoint, updated_at = now()`,
    [projection, checkpoint],
  );
}

export async function deleteProjectionCheckpoint(sql: SqlExecutor, projection: string): Promise<void> {
  await sql.query('DELETE FROM rm_checkpoints WHERE projection = $1', [projection]);
}

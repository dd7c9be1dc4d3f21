import { SqlExecutor } from '@pvs/sql';

/** A partitioned reader keeps one checkpoint per partition, under `<reader>/<partition>`. */
function partitionKey(reader: string, partition: number): string {
  return `${reader}/${String(partition).padStart(2, '0')}`;
}

/**
 * Where each partition stands; a partition without a checkpoint of its own starts where the reader stood
 * before it was partitioned (its checkpoint under its bare name), else from the start.
 */
export async function loadPartitionCheckpoints(sql: SqlExecutor, reader: string, partitions: readonly number[]): Promise<Map<number, string | null>> {
  const keys = partitions.map((partition) => partitionKey(reader, partition));
  const rows = await sql.query<{ reader: string; checkpoint: string | null }>(
    'SELECT reader, checkpoint FROM mt_checkpoints WHERE reader = ANY($1::text[])',
    [[...keys, reader]],
  );
  const stored = new Map(rows.map((row) => [row.reader, row.checkpoint]));
  return new Map(partitions.map((partition, i) => [partition, stored.get(keys[i]) ?? stored.get(reader) ?? null]));
}

export async function storePartitionCheckpoints(sql: SqlExecutor, reader: string, partitions: readonly number[], checkpoint: string): Promise<void> {
  if (partitions.length === 0) return;
  await sql.query(
    `INSERT INTO mt_checkpoints (reader, checkpoint, updated_at) SELECT key, $2, now() FROM unnest($1::text[]) AS key
     ON CONFLICT (reader) DO UPDATE SET checkpoint = EXCLUDED.checkpoint, updated_at = now()`,
    [partitions.map((partition) => partitionKey(reader, partition)), checkpoint],
  );
}

/** How far the slowest partition of a partitioned reader stands: where all of it is handled up to. */
export async function leastPartitionCheckpoint(sql: SqlExecutor, reader: string, partitionCount: number): Promise<string | null> {
  return leastCheckpoint((await loadPartitionCheckpoints(sql, reader, Array.from({ length: partitionCount }, (_, partition) => partition))).values());
}

/** The earliest of some checkpoints (null, the start of the log, is the earliest of all); null for none. */
export function leastCheckpoint(checkpoints: Iterable<string | null>): string | null {
  let least: string | null | undefined;
  for (const checkpoint of checkpoints) if (least === undefined || checkpoint === null || (least !== null && checkpoint < least)) least = checkpoint;
  return least ?? null;
}

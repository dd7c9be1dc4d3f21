import { SqlExecutor } from '@pvs/sql';

/** A column's name and its PostgreSQL type. */
type Column = readonly [name: string, type: string];

/** A table of counters: the columns that key a counter, then what it counts (a counter whose first count is 0 goes). */
export interface CounterTable {
  readonly key: readonly Column[];
  readonly counts: readonly Column[];
}

/**
 * Adds signed changes (one row each, values in column order, one change per counter) to their counters in one
 * statement; a counter back at zero is deleted, so the rows do not depend on how the events were batched.
 */
export async function addToCounters(tx: SqlExecutor, table: string, shape: CounterTable, changes: readonly (readonly unknown[])[]): Promise<void> {
  if (changes.length === 0) return;
  const columns = [...shape.key, ...shape.counts];
  const arrays = columns.map((_, index) => changes.map((change) => change[index]));
  const unnest = (of: readonly Column[]) => `unnest(${of.map(([, type], index) => `$${index + 1}::${type}[]`).join(', ')})`;
  const keyNames = shape.key.map(([name]) => name).join(', ');
  const [firstCount] = shape.counts[0];
  const counters = await tx.query<{ count: number }>(
    `INSERT INTO ${table} AS counter (${columns.map(([name]) => name).join(', ')})
     SELECT * FROM ${unnest(columns)}
     ON CONFLICT (${keyNames}) DO UPDATE SET ${shape.counts.map(([name]) => `${name} = counter.${name} + EXCLUDED.${name}`).join(', ')}
     RETURNING counter.${firstCount} AS count`,
    arrays,
  );
  if (counters.every((counter) => Number(counter.count) !== 0)) return;
  await tx.query(`DELETE FROM ${table} WHERE ${firstCount} = 0 AND (${keyNames}) IN (SELECT * FROM ${unnest(shape.key)})`, arrays.slice(0, shape.key.length));
}

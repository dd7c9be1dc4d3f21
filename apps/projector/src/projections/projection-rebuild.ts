import { EventStore, NO_APPEND_SIGNALS } from '@pvs/event-store';
import { loadProjectionCheckpoint } from '@pvs/read-model';
import { SqlClient, SqlExecutor } from '@pvs/sql';
import { Projection } from './projection';
import { ProjectionRunner } from './projection-runner';
import { deleteProjectionCheckpoint, storeProjectionCheckpoint } from './projection-checkpoints';

export interface RebuildResult {
  readonly eventsDone: number;
  /** The events to replay as counted at the start; appends during the rebuild add to `eventsDone`. */
  readonly eventsTotal: number;
  readonly eventsPerSecond: number;
}

export interface RebuildOptions {
  /** The runner feeding the live tables, paused for the last tail and the swap; none offline. */
  readonly live?: LiveFeed;
  readonly batchSize?: number;
  /** Called once the total is estimated, then after each batch. */
  readonly onProgress?: (progress: RebuildResult) => void | Promise<void>;
  /** Aborting stops the replay after the batch in hand; the live tables stay as they are. */
  readonly signal?: AbortSignal;
}

export interface LiveFeed {
  start(): Promise<void>;
  stop(): Promise<void>;
}

const SHADOW_SUFFIX = '__rebuild';
const REACH_RETRY_MS = 20;
// Larger than the live runner's batches: a replay applies a few statements per batch.
const REBUILD_BATCH_SIZE = 2_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const shadowOf = (name: string) => `${name}${SHADOW_SUFFIX}`;

/**
 * An online rebuild: the projection replays the log from the start into copies of its tables,
 * with its own checkpoint, while the live tables keep serving and the live runner keeps them
 * current. Once the copies have caught up, the live runner pauses, the copies take the last
 * tail, and one transaction swaps them in (tables, index names, checkpoint); then it resumes.
 * Until that commit the live tables are untouched, so a crash at any point leaves them intact.
 */
export class ProjectionRebuild {
  private readonly shadowTables: Projection['tables'];
  private readonly shadowCheckpoint: string;
  private startedAt = 0;
  private eventsDone = 0;
  private eventsTotal = 0;

  constructor(
    private readonly projection: Projection,
    private readonly events: EventStore,
    private readonly sql: SqlClient,
    private readonly options: RebuildOptions = {},
  ) {
    this.shadowTables = Object.fromEntries(Object.entries(projection.tables).map(([role, table]) => [role, shadowOf(table)]));
    this.shadowCheckpoint = shadowOf(projection.name);
  }

  async run(): Promise<RebuildResult> {
    const { live } = this.options;
    this.startedAt = performance.now();
    try {
      this.eventsTotal = (await this.events.backlog({ filter: this.projection.filter })).events;
      await this.options.onProgress?.(this.result());
      await this.createShadow();
      // The shadow only catches up: nothing needs to wake it.
      const shadow = new ProjectionRunner(this.projection, this.events, NO_APPEND_SIGNALS, this.sql, {
        batchSize: this.options.batchSize ?? REBUILD_BATCH_SIZE,
        target: { checkpointName: this.shadowCheckpoint, tables: this.shadowTables },
        onBatch: (batch) => this.recordBatch(batch.length),
      });
      // Up to where the live tables are now, so that the pause below is short.
      await this.reach(shadow, await loadProjectionCheckpoint(this.sql, this.projection.name));
      await live?.stop();
      try {
        // Never behind the live tables, or readers would see rows go back in time after the swap.
        await this.reach(shadow, await loadProjectionCheckpoint(this.sql, this.projection.name));
        await this.swap();
      } finally {
        await live?.start();
      }
      return this.result();
    } catch (error) {
      await this.dropShadow().catch(() => undefined);
      throw error;
    }
  }

  private result(): RebuildResult {
    const seconds = (performance.now() - this.startedAt) / 1000;
    return {
      eventsDone: this.eventsDone,
      eventsTotal: this.eventsTotal,
      eventsPerSecond: seconds > 0 ? Math.round(this.eventsDone / seconds) : 0,
    };
  }

  private async recordBatch(events: number): Promise<void> {
    this.eventsDone += events;
    await this.options.onProgress?.(this.result());
    this.options.signal?.throwIfAborted();
  }

  /**
   * Catches the copies up to `checkpoint`. A catch-up can stop short of it while another
   * transaction holds readers back (see readAll): then it waits a moment and goes on.
   */
  private async reach(shadow: ProjectionRunner, checkpoint: string | null): Promise<void> {
    await shadow.catchUp();
    while (checkpoint !== null && (shadow.checkpoint ?? '') < checkpoint) {
      this.options.signal?.throwIfAborted();
      await sleep(REACH_RETRY_MS);
      await shadow.catchUp();
    }
  }

  private async createShadow(): Promise<void> {
    await this.sql.transaction(async (tx) => {
      for (const table of Object.values(this.projection.tables)) {
        await tx.query(`DROP TABLE IF EXISTS ${shadowOf(table)}`);
        await tx.query(`CREATE TABLE ${shadowOf(table)} (LIKE ${table} INCLUDING ALL)`);
      }
      await storeProjectionCheckpoint(tx, this.shadowCheckpoint, null);
    });
  }

  private async dropShadow(): Promise<void> {
    await this.sql.transaction(async (tx) => {
      for (const table of Object.values(this.shadowTables)) await tx.query(`DROP TABLE IF EXISTS ${table}`);
      await deleteProjectionCheckpoint(tx, this.shadowCheckpoint);
    });
  }

  /** Readers block on the tables' locks for the few statements of this transaction, then see the new rows. */
  private async swap(): Promise<void> {
    await this.sql.transaction(async (tx) => {
      for (const table of Object.values(this.projection.tables)) {
        const indexNames = await indexNamesByDefinition(tx, table);
        await tx.query(`DROP TABLE ${table}`);
        await tx.query(`ALTER TABLE ${shadowOf(table)} RENAME TO ${table}`);
        for (const [definition, name] of await indexNamesByDefinition(tx, table)) {
          const original = indexNames.get(definition);
          if (original && original !== name) await tx.query(`ALTER INDEX "${name}" RENAME TO "${original}"`);
        }
      }
      await storeProjectionCheckpoint(tx, this.projection.name, await loadProjectionCheckpoint(tx, this.shadowCheckpoint));
      await deleteProjectionCheckpoint(tx, this.shadowCheckpoint);
    });
  }
}

/**
 * The table's indexes by their definition without their own name or the table's, so the copy's
 * indexes (named by PostgreSQL after the copy) can take back the names migrations gave them.
 */
async function indexNamesByDefinition(sql: SqlExecutor, table: string): Promise<Map<string, string>> {
  const rows = await sql.query<{ name: string; definition: string }>(
    `SELECT index_class.relname AS name, pg_get_indexdef(index_class.oid) AS definition
     FROM pg_index JOIN pg_class index_class ON index_class.oid = pg_index.indexrelid
     WHERE pg_index.indrelid = $1::regclass`,
    [table],
  );
  return new Map(rows.map((row) => [row.definition.replace(/ INDEX \S+ ON \S+ /, ' INDEX ON '), row.name]));
}

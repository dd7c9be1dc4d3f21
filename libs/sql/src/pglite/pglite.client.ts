import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { HeldLock, SqlClient, SqlExecutor } from '../sql-client.port';

/**
 * PostgreSQL's own page cache: PGlite's default, 128 MB, is most of the process's memory. The
 * operating system caches the data files as well, so a small one costs little speed here.
 */
const START_PARAMS = [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'];

/**
 * initdb runs in a PGlite of its own, with a second WebAssembly module: near 1 GB at its peak.
 * A short-lived child process does it, so that peak never becomes the service's resident size.
 */
async function createDataDirElsewhere(dataDir: string): Promise<void> {
  const script = 'const [pglite, dataDir] = process.argv.slice(1); require(pglite).PGlite.create({ dataDir }).then((db) => db.close())';
  await promisify(execFile)(process.execPath, ['-e', script, require.resolve('@electric-sql/pglite'), dataDir]);
}

/**
 * PGlite runs one query at a time; its `transaction` holds that lock until it ends,
 * so a transaction here is as isolated as on a server.
 */
export class PgliteClient implements SqlClient {
  private readonly heldKeys = new Set<number>();

  private constructor(private readonly db: PGlite) {}

  /** `dataDir` is a folder to persist in, or undefined for a throw-away in-memory database. */
  static async open(dataDir?: string): Promise<PgliteClient> {
    if (dataDir && !existsSync(join(dataDir, 'PG_VERSION'))) await createDataDirElsewhere(dataDir);
    return new PgliteClient(await PGlite.create({ ...(dataDir && { dataDir }), startParams: START_PARAMS }));
  }

  async query<Row>(text: string, params: readonly unknown[] = []): Promise<Row[]> {
    return (await this.db.query<Row>(text, params as unknown[])).rows;
  }

  async exec(script: string): Promise<void> {
    await this.db.exec(script);
  }

  transaction<T>(work: (tx: SqlExecutor) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) =>
      work({
        query: async <Row>(text: string, params: readonly unknown[] = []) =>
          (await tx.query<Row>(text, params as unknown[])).rows,
        exec: async (script: string) => {
          await tx.exec(script);
        },
      }),
    );
  }

  /** One process owns an embedded database: each key is granted once, until released. */
  async tryLock(key: number): Promise<HeldLock | null> {
    if (this.heldKeys.has(key)) return null;
    this.heldKeys.add(key);
    let markLost: () => void = () => undefined;
    const lost = new Promise<void>((resolve) => (markLost = resolve));
    return {
      lost,
      release: async () => {
        this.heldKeys.delete(key);
        markLost();
      },
    };
  }

  async close(): Promise<void> {
    if (!this.db.closed) await this.db.close();
  }
}

import { PGlite } from '@electric-sql/pglite';
import { HeldLock, SqlClient, SqlExecutor } from '../sql-client.port';

/**
 * PGlite runs one query at a time; its `transaction` holds that lock until it ends,
 * so a transaction here is as isolated as on a server.
 */
export class PgliteClient implements SqlClient {
  private readonly heldKeys = new Set<number>();

  private constructor(private readonly db: PGlite) {}

  /** `dataDir` is a folder to persist in, or undefined for a throw-away in-memory database. */
  static async open(dataDir?: string): Promise<PgliteClient> {
    return new PgliteClient(await PGlite.create(dataDir ? { dataDir } : {}));
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

import { Pool, PoolConfig, types } from 'pg';
import { HeldLock, SqlClient, SqlExecutor } from '../sql-client.port';

const INT8 = 20;

// Positions and paisa amounts stay far below 2^53, so int8 comes back as a number, as PGlite returns it.
const parsers = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === INT8) return (value: string) => Number(value);
    return types.getTypeParser(oid, format);
  },
};

export class PgPoolClient implements SqlClient {
  private readonly pool: Pool;

  constructor(config: PoolConfig) {
    this.pool = new Pool({ max: 10, ...config, types: parsers });
    this.pool.on('error', () => undefined); // an idle client's broken socket is replaced on next use
  }

  async query<Row>(text: string, params: readonly unknown[] = []): Promise<Row[]> {
    const result = await this.pool.query(text, params as unknown[]);
    return result.rows as Row[];
  }

  async exec(script: string): Promise<void> {
    await this.pool.query(script);
  }

  async transaction<T>(work: (tx: SqlExecutor) => Promise<T>): Promise<T> {
    const connection = await this.pool.connect();
    const tx: SqlExecutor = {
      query: async <Row>(text: string, params: readonly unknown[] = []) =>
        (await connection.query(text, params as unknown[])).rows as Row[],
      exec: async (script: string) => {
        await connection.query(script);
      },
    };
    try {
      await connection.query('BEGIN');
      const result = await work(tx);
      await connection.query('COMMIT');
      connection.release();
      return result;
    } catch (error) {
      await connection.query('ROLLBACK').catch(() => undefined);
      connection.release();
      throw error;
    }
  }

  /** Holds one pooled connection for as long as the lock is held: the lock lives in its session. */
  async tryLock(key: number): Promise<HeldLock | null> {
    const connection = await this.pool.connect();
    try {
      const [{ locked }] = (await connection.query('SELECT pg_try_advisory_lock($1) AS locked', [key])).rows;
      if (!locked) {
        connection.release();
        return null;
      }
    } catch (error) {
      connection.release(true);
      throw error;
    }
    let markLost: () => void = () => undefined;
    const lost = new Promise<void>((resolve) => (markLost = resolve));
    let held = true;
    // The connection goes back to the pool once, whether the lock is released or its connection breaks.
    const giveBack = (broken: boolean) => {
      if (!held) return;
      held = false;
      markLost();
      try {
        connection.release(broken);
      } catch {
        // pg-pool may already have dropped a broken connection; it is gone either way.
      }
    };
    // Kept for the connection's life: a broken socket may report more than one error.
    connection.on('error', () => giveBack(true));
    return {
      lost,
      release: async () => {
        if (!held) return;
        await connection.query('SELECT pg_advisory_unlock($1)', [key]).catch(() => undefined);
        giveBack(false);
      },
    };
  }

  async close(): Promise<void> {
    await this.pool.end();
  }
}

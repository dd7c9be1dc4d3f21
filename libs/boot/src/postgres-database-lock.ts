import { createHash } from 'node:crypto';
import { Logger } from '@nestjs/common';
import { Client } from 'pg';
import { DatabaseInUseError, EmbeddedLock, thisProcess } from './embedded-lock';

/**
 * The advisory lock of embedded mode on its PostgreSQL database: the first 8 bytes of SHA-256 of `pvs:embedded`, a
 * signed 64-bit integer (4064697200215090914). Every version must keep it, or an old and a new one would both start.
 */
export const EMBEDDED_LOCK_KEY = createHash('sha256').update('pvs:embedded').digest().readBigInt64BE(0).toString();

const RETAKE_INTERVAL_MS = 2_000;

/**
 * Takes the advisory lock on a session of its own, held for the life of the process (its holder is named by the
 * session's application_name); a session cut while running is replaced and the lock taken again.
 */
export async function lockPostgresDatabase(url: string): Promise<EmbeddedLock> {
  const lock = new PostgresDatabaseLock(url);
  await lock.take();
  return lock;
}

class PostgresDatabaseLock implements EmbeddedLock {
  private readonly log = new Logger('EmbeddedLock');
  private session: Client | null = null;
  private released = false;
  private retaking: Promise<void> = Promise.resolve();
  private wake: () => void = () => undefined;

  constructor(private readonly url: string) {}

  /** Takes the lock, or throws a DatabaseInUseError naming the database and its holder. */
  async take(): Promise<void> {
    const session = new Client({ connectionString: this.url, application_name: `pvs-embedded ${thisProcess()}`, connectionTimeoutMillis: 10_000 });
    // Kept for the session's life: a broken socket may report more than one error.
    session.on('error', () => this.lose(session));
    session.on('end', () => this.lose(session));
    try {
      await session.connect();
      const [{ locked }] = (await session.query<{ locked: boolean }>('SELECT pg_try_advisory_lock($1::bigint) AS locked', [EMBEDDED_LOCK_KEY])).rows;
      if (!locked) throw new DatabaseInUseError('DATABASE_URL', await this.describeDatabase(session), await holderOf(session));
    } catch (error) {
      await session.end().catch(() => undefined);
      throw error;
    }
    if (this.released) await session.end();
    else this.session = session;
  }

  async release(): Promise<void> {
    this.released = true;
    this.wake();
    await this.retaking;
    const session = this.session;
    this.session = null;
    // The advisory lock ends with its session.
    await session?.end().catch(() => undefined);
  }

  private lose(session: Client): void {
    if (session !== this.session) return;
    this.session = null;
    this.log.warn('The session holding the database lock was cut: taking the lock again');
    this.retaking = this.retake();
  }

  private async retake(): Promise<void> {
    let told = false;
    while (!this.released) {
      await new Promise<void>((resolve) => {
        // The service's server keeps the process alive, not this wait.
        const timer = setTimeout(resolve, RETAKE_INTERVAL_MS).unref();
        this.wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      if (this.released) return;
      try {
        await this.take();
        this.log.log('Database lock taken again');
        return;
      } catch (error) {
        if (!(error instanceof DatabaseInUseError) || told) continue;
        // Another process started while the session was cut: one of them must be stopped.
        this.log.error(`Lost the database lock: ${error.message}`);
        told = true;
      }
    }
  }

  private async describeDatabase(session: Client): Promise<string> {
    const [{ name }] = (await session.query<{ name: string }>('SELECT current_database() AS name')).rows;
    const { hostname, port } = new URL(this.url);
    return `names the database ${name} on ${hostname || 'localhost'}:${port || 5432}`;
  }
}

interface LockHolder {
  readonly application_name: string;
  readonly pid: number;
  readonly client: string | null;
  readonly since: Date | null;
}

async function holderOf(session: Client): Promise<string> {
  const { rows } = await session.query<LockHolder>(
    `SELECT a.application_name, a.pid, host(a.client_addr) AS client, a.backend_start AS since
       FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid
      WHERE l.locktype = 'advisory' AND l.granted AND l.objsubid = 1
        AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())
        AND (l.classid::bigint << 32 | l.objid::bigint) = $1::bigint`,
    [EMBEDDED_LOCK_KEY],
  );
  const [holder] = rows;
  if (holder === undefined) return 'a session that ended meanwhile: start again';
  const backend = [`PostgreSQL session ${holder.pid}`, holder.client && `from ${holder.client}`, holder.since && `since ${holder.since.toISOString()}`].filter(Boolean).join(' ');
  return holder.application_name ? `${holder.application_name}, ${backend}` : backend;
}

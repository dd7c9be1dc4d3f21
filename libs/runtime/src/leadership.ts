import { createHash } from 'node:crypto';
import { SqlClient } from '@pvs/sql';

/** What runs only while this process leads: started when it wins, stopped when it loses. */
export interface LeaderRole {
  start(): Promise<void>;
  stop(): Promise<void>;
}

function lockKey(name: string): number {
  // 48 bits of the name's hash: a safe JavaScript integer, a valid PostgreSQL bigint.
  return createHash('sha256').update(name).digest().readUIntBE(0, 6);
}

/**
 * Runs `role` in at most one process at a time: the one holding the PostgreSQL advisory lock
 * named after it. The others wait and retry; if the leader's connection drops, its lock goes
 * with it, the leader stops its role, and another process takes over.
 */
export class Leadership {
  private running = false;
  private loop: Promise<void> | null = null;
  private wake: () => void = () => undefined;
  private leading = false;

  constructor(
    private readonly sql: SqlClient,
    private readonly name: string,
    private readonly role: LeaderRole,
    private readonly retryMs = 2_000,
    private readonly onError: (error: unknown) => void = () => undefined,
  ) {}

  get isLeader(): boolean {
    return this.leading;
  }

  /** Resolves once this process leads or has tried once and waits its turn. */
  async start(): Promise<void> {
    if (this.running) return;
    this.running = true;
    let firstTry: () => void = () => undefined;
    const tried = new Promise<void>((resolve) => (firstTry = resolve));
    this.loop = this.run(firstTry);
    await tried;
  }

  async stop(): Promise<void> {
    this.running = false;
    this.wake();
    await this.loop;
  }

  private async run(firstTry: () => void): Promise<void> {
    while (this.running) {
      try {
        const lock = await this.sql.tryLock(lockKey(this.name));
        if (lock) {
          await this.role.start().catch(async (error: unknown) => {
            await lock.release();
            throw error;
          });
          this.leading = true;
          firstTry();
          await Promise.race([lock.lost, this.sleep(Number.POSITIVE_INFINITY)]);
          this.leading = false;
          await this.role.stop();
          await lock.release();
        }
      } catch (error) {
        this.onError(error);
      }
      firstTry();
      await this.sleep(this.retryMs);
    }
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = Number.isFinite(ms) ? setTimeout(resolve, ms) : undefined;
      this.wake = () => {
        clearTimeout(timer);
        resolve();
      };
      if (!this.running) this.wake();
    });
  }
}

import { setTimeout as sleep } from 'node:timers/promises';
import Redis from 'ioredis';
import { FailedAttempts, FailurePolicy } from './failed-attempts.port';

const PREFIX = 'pvs:auth-failures:';
const BLOCKS_CHANNEL = `${PREFIX}blocks`;
const REREAD_PAUSE_MS = 200;
const OPEN_WAIT_MS = 2_000;

/**
 * Counts a failure, and blocks the key on reaching the limit, in one atomic step; a block is announced
 * to every gateway process. Answers how long the key is now blocked (0: not blocked).
 */
const RECORD_FAILURE = `
local failures = redis.call('INCR', KEYS[1])
if failures == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
if failures >= tonumber(ARGV[2]) then
  redis.call('SET', KEYS[2], '1', 'PX', ARGV[3])
  redis.call('DEL', KEYS[1])
  redis.call('PUBLISH', ARGV[4], ARGV[3] .. ' ' .. ARGV[5])
  return tonumber(ARGV[3])
end
return 0`;

/**
 * Counts in Redis, so that every gateway process sees the failures of the others (distributed mode). The
 * blocks are also kept here, learned as they are announced (and read again whenever the connection that
 * listens is made), so checking a request costs no Redis round trip: another process's block reaches this
 * one within the announcement's delivery, a millisecond or so.
 */
export class RedisFailedAttempts implements FailedAttempts {
  private readonly blockedUntil = new Map<string, number>();
  private closed = false;

  private constructor(
    private readonly redis: Redis,
    private readonly listener: Redis,
    private readonly now: () => number,
  ) {}

  /** Listens for blocks and reads the current ones; resolves once they are read, or after OPEN_WAIT_MS while Redis is away. */
  static async open(redis: Redis, now: () => number = Date.now): Promise<RedisFailedAttempts> {
    // A connection of its own (one that subscribes serves nothing else); its subscription waits for Redis.
    const listener = redis.duplicate({ enableOfflineQueue: true, maxRetriesPerRequest: null });
    listener.on('error', () => undefined);
    const attempts = new RedisFailedAttempts(redis, listener, now);
    listener.on('message', (_channel: string, message: string) => attempts.learn(message));
    // Each time it (re)connects, what was announced while it was away is read from Redis.
    const firstRead = new Promise<void>((read) => listener.on('ready', () => void attempts.readBlocks().then(read)));
    listener.subscribe(BLOCKS_CHANNEL).catch(() => undefined);
    await Promise.race([firstRead, sleep(OPEN_WAIT_MS, undefined, { ref: false })]);
    return attempts;
  }

  async blockedFor(keys: readonly string[]): Promise<number> {
    const now = this.now();
    return Math.max(0, ...keys.map((key) => (this.blockedUntil.get(key) ?? 0) - now));
  }

  async record(keys: readonly string[], { limit, windowMs, blockMs }: FailurePolicy): Promise<void> {
    this.forgetEnded();
    const blocked = await Promise.all(
      keys.map((key) => this.redis.eval(RECORD_FAILURE, 2, `${PREFIX}count:${key}`, `${PREFIX}blocked:${key}`, windowMs, limit, blockMs, BLOCKS_CHANNEL, key)),
    );
    keys.forEach((key, i) => {
      const ms = blocked[i];
      if (typeof ms === 'number' && ms > 0) this.block(key, ms);
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    this.listener.disconnect();
  }

  /** An announcement: `<block ms> <key>`. */
  private learn(message: string): void {
    const space = message.indexOf(' ');
    const ms = Number(message.slice(0, space));
    if (space > 0 && ms > 0) this.block(message.slice(space + 1), ms);
  }

  /** The blocks in Redis now, read again until Redis answers. */
  private async readBlocks(): Promise<void> {
    while (!this.closed) {
      try {
        return await this.readBlocksOnce();
      } catch {
        await sleep(REREAD_PAUSE_MS);
      }
    }
  }

  private block(key: string, ms: number): void {
    this.blockedUntil.set(key, Math.max(this.blockedUntil.get(key) ?? 0, this.now() + ms));
  }

  /** The announcements missed while this process was not listening. */
  private async readBlocksOnce(): Promise<void> {
    const names: string[] = [];
    for (let cursor = '0'; ; ) {
      const [next, found] = await this.redis.scan(cursor, 'MATCH', `${PREFIX}blocked:*`, 'COUNT', 1000);
      names.push(...found);
      if (next === '0') break;
      cursor = next;
    }
    const remaining = await Promise.all(names.map((name) => this.redis.pttl(name)));
    names.forEach((name, i) => {
      if (remaining[i] > 0) this.block(name.slice(`${PREFIX}blocked:`.length), remaining[i]);
    });
  }

  private forgetEnded(): void {
    const now = this.now();
    for (const [key, until] of this.blockedUntil) if (until <= now) this.blockedUntil.delete(key);
  }
}

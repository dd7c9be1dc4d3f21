import Redis, { ClientContext, Result } from 'ioredis';
import { ThrottlerStorage } from '@nestjs/throttler';

declare module 'ioredis' {
  interface RedisCommander<Context extends ClientContext> {
    /** The SYNC script below, sent once and then called by its hash. */
    pvsRateLimitSync(hitsKey: string, blockKey: string, hits: number, windowMs: number, blockMs: number): Result<number[], Context>;
  }
}

type ThrottlerStorageRecord = Awaited<ReturnType<ThrottlerStorage['increment']>>;

/** How often a process adds its hits to the shared counts and learns the others'. */
export const RATE_LIMIT_SYNC_INTERVAL_MS = 50;
/** How long after its last hit here a key's shared count is still learned at every sync. */
const FOLLOW_AFTER_HIT_MS = 1_000;

/**
 * Adds a process's hits to a key's shared count, starts the shared window if it is new, records a block
 * this process decided, and answers the shared count, the window's and the block's remaining time.
 */
const SYNC = `
local hits = redis.call('INCRBY', KEYS[1], ARGV[1])
local window = redis.call('PTTL', KEYS[1])
if window < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[2])
  window = tonumber(ARGV[2])
end
if tonumber(ARGV[3]) > 0 then redis.call('SET', KEYS[2], '1', 'PX', ARGV[3], 'NX') end
return { hits, window, redis.call('PTTL', KEYS[2]) }`;

/** One key's window as this process knows it. */
interface Window {
  endsAt: number;
  /** The shared count at the last sync: every process's hits it had received. */
  shared: number;
  /** This process's hits on their way to Redis. */
  sending: number;
  /** This process's hits since. */
  unsent: number;
  blockedUntil: number;
  /** A block this process decided and has not told Redis of yet. */
  blockToSend: number;
  lastHitAt: number;
  readonly ttl: number;
}

const PREFIX = 'pvs:rate-limit:';

/**
 * Rate-limit counts shared by every gateway process through Redis without a Redis round trip per request:
 * a process decides on the shared count it last learned plus its own hits since. Every
 * RATE_LIMIT_SYNC_INTERVAL_MS it sends the keys it counted, and learns again those hit here in the last
 * second, in one pipelined write whose answers bring the other processes' hits and blocks. So the
 * processes together may let a few requests more than a limit through: what the others took since this
 * one last learned the count (one sync for a key in use here). While Redis is away each process still
 * limits on its own counts, and sends them when Redis is back.
 */
export class RedisSyncedThrottlerStorage implements ThrottlerStorage {
  private readonly windows = new Map<string, Window>();
  private readonly timer: NodeJS.Timeout;
  private syncing: Promise<void> = Promise.resolve();
  private failing = false;

  /** `onSyncFailed` hears of the first failed sync of each outage. */
  constructor(
    private readonly redis: Redis,
    private readonly onSyncFailed: (error: unknown) => void = () => undefined,
    private readonly now: () => number = Date.now,
  ) {
    this.redis.defineCommand('pvsRateLimitSync', { numberOfKeys: 2, lua: SYNC });
    this.timer = setInterval(() => void this.sync(), RATE_LIMIT_SYNC_INTERVAL_MS).unref();
  }

  async increment(key: string, ttl: number, limit: number, blockDuration: number, throttlerName: string): Promise<ThrottlerStorageRecord> {
    const now = this.now();
    const window = this.windowOf(`${key}:${throttlerName}`, ttl, now);
    window.lastHitAt = now;
    if (window.blockedUntil > now) return this.record(window, now, true);
    window.unsent += 1;
    if (this.hits(window) > limit) {
      window.blockedUntil = now + blockDuration;
      window.blockToSend = blockDuration;
      return this.record(window, now, true);
    }
    return this.record(window, now, false);
  }

  /** Sends every key's hits since the last sync; one sync at a time. */
  sync(): Promise<void> {
    this.syncing = this.syncing.then(() => this.sendCounts());
    return this.syncing;
  }

  async close(): Promise<void> {
    clearInterval(this.timer);
    await this.sync();
  }

  private async sendCounts(): Promise<void> {
    const now = this.now();
    const sent: Window[] = [];
    const pipeline = this.redis.pipeline();
    for (const [name, window] of this.windows) {
      if (window.endsAt <= now && window.blockedUntil <= now) {
        this.windows.delete(name);
        continue;
      }
      if (window.unsent === 0 && window.blockToSend === 0 && now - window.lastHitAt > FOLLOW_AFTER_HIT_MS) continue;
      window.sending = window.unsent;
      window.unsent = 0;
      sent.push(window);
      pipeline.pvsRateLimitSync(`${PREFIX}${name}:hits`, `${PREFIX}${name}:blocked`, window.sending, window.ttl, window.blockToSend);
      window.blockToSend = 0;
    }
    if (sent.length === 0) return;
    try {
      const answers = (await pipeline.exec()) ?? [];
      const answeredAt = this.now();
      const learned = sent.map((window, i) => this.learn(window, answers[i], answeredAt));
      const failure = learned.find((error) => error !== null);
      if (failure) throw failure;
      this.failing = false;
    } catch (error) {
      for (const window of sent) this.keepUnsent(window);
      if (!this.failing) this.onSyncFailed(error);
      this.failing = true;
    }
  }

  /** Takes a key's shared count from its answer; an answer that is no count is the error it returns. */
  private learn(window: Window, answer: [Error | null, unknown] | undefined, now: number): Error | null {
    const [error, result] = answer ?? [new Error('no answer from Redis'), null];
    if (error !== null) return error;
    if (!Array.isArray(result) || result.length !== 3 || !result.every((n) => typeof n === 'number')) return new Error(`unexpected answer from Redis: ${String(result)}`);
    const [shared, remainingMs, blockedMs] = result;
    window.shared = shared;
    window.sending = 0;
    window.endsAt = now + remainingMs;
    if (blockedMs > 0) window.blockedUntil = Math.max(window.blockedUntil, now + blockedMs);
    return null;
  }

  /** A failed sync's hits go with the next one. */
  private keepUnsent(window: Window): void {
    window.unsent += window.sending;
    window.sending = 0;
  }

  private windowOf(name: string, ttl: number, now: number): Window {
    const known = this.windows.get(name);
    if (known && known.endsAt > now) return known;
    const fresh: Window = { endsAt: now + ttl, shared: 0, sending: 0, unsent: 0, blockedUntil: known?.blockedUntil ?? 0, blockToSend: 0, lastHitAt: now, ttl };
    this.windows.set(name, fresh);
    return fresh;
  }

  private hits(window: Window): number {
    return window.shared + window.sending + window.unsent;
  }

  private record(window: Window, now: number, isBlocked: boolean): ThrottlerStorageRecord {
    return {
      totalHits: this.hits(window),
      timeToExpire: Math.ceil((window.endsAt - now) / 1000),
      isBlocked,
      timeToBlockExpire: isBlocked ? Math.ceil((window.blockedUntil - now) / 1000) : 0,
    };
  }
}

import Redis from 'ioredis';
import { FailedAttempts, FailurePolicy } from './failed-attempts.port';

/** Counts a failure, and blocks the key on reaching the limit, in one atomic step. */
const RECORD_FAILURE = `
local failures = redis.call('INCR', KEYS[1])
if failures == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
if failures >= tonumber(ARGV[2]) then
  redis.call('SET', KEYS[2], '1', 'PX', ARGV[3])
  redis.call('DEL', KEYS[1])
end
return failures`;

const PREFIX = 'pvs:auth-failures:';

/** Counts in Redis, so that every gateway process sees the failures of the others (distributed mode). */
export class RedisFailedAttempts implements FailedAttempts {
  constructor(private readonly redis: Redis) {}

  async blockedFor(keys: readonly string[]): Promise<number> {
    const remaining = await Promise.all(keys.map((key) => this.redis.pttl(`${PREFIX}blocked:${key}`)));
    return Math.max(0, ...remaining);
  }

  async record(keys: readonly string[], { limit, windowMs, blockMs }: FailurePolicy): Promise<void> {
    await Promise.all(
      keys.map((key) => this.redis.eval(RECORD_FAILURE, 2, `${PREFIX}count:${key}`, `${PREFIX}blocked:${key}`, windowMs, limit, blockMs)),
    );
  }
}

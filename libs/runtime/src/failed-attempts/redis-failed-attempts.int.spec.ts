import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import Redis from 'ioredis';
import { describeWith, requireServiceAddress } from '@pvs/testing';
import { failedAttemptsContract } from './testing/failed-attempts.contract';
import { RedisFailedAttempts } from './redis-failed-attempts';

describeWith('redis', 'RedisFailedAttempts', () => {
  const opened: { redis: Redis; attempts: RedisFailedAttempts }[] = [];
  const policy = { limit: 2, windowMs: 60_000, blockMs: 5_000 };

  /** A gateway process's failed attempts, on its own Redis connection. */
  const gateway = async () => {
    const redis = new Redis(requireServiceAddress('redis'));
    const attempts = await RedisFailedAttempts.open(redis);
    opened.push({ redis, attempts });
    return { redis, attempts };
  };

  afterAll(async () => {
    for (const { redis, attempts } of opened) {
      await attempts.close();
      redis.disconnect();
    }
  });

  failedAttemptsContract(async () => {
    const run = randomUUID();
    return { attempts: (await gateway()).attempts, key: (name) => `${run}:${name}` };
  });

  it('counts the failures of every process that shares the Redis server, and a process opened later knows the block', async () => {
    const key = `${randomUUID()}:shared`;
    await (await gateway()).attempts.record([key], policy);
    await (await gateway()).attempts.record([key], policy);
    expect(await (await gateway()).attempts.blockedFor([key])).toBeGreaterThan(4_000);
  });

  it('learns a block announced by another process, then answers without asking Redis', async () => {
    const key = `${randomUUID()}:announced`;
    const [listening, other] = [await gateway(), await gateway()];
    for (let failure = 0; failure < policy.limit; failure++) await other.attempts.record([key], policy);
    for (let waited = 0; waited < 1_000 && (await listening.attempts.blockedFor([key])) === 0; waited += 10) await sleep(10);
    listening.redis.disconnect();
    expect(await listening.attempts.blockedFor([key])).toBeGreaterThan(4_000);
  });
});

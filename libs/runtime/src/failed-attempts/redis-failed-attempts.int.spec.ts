import { randomUUID } from 'node:crypto';
import Redis from 'ioredis';
import { describeWith, requireServiceAddress } from '@pvs/testing';
import { failedAttemptsContract } from './testing/failed-attempts.contract';
import { RedisFailedAttempts } from './redis-failed-attempts';

describeWith('redis', 'RedisFailedAttempts', () => {
  let redis: Redis;

  beforeAll(() => {
    redis = new Redis(requireServiceAddress('redis'));
  });

  afterAll(() => redis.quit());

  failedAttemptsContract(async () => {
    const run = randomUUID();
    return { attempts: new RedisFailedAttempts(redis), key: (name) => `${run}:${name}` };
  });

  it('counts the failures of every process that shares the Redis server', async () => {
    const other = new Redis(requireServiceAddress('redis'));
    try {
      const key = `${randomUUID()}:shared`;
      const policy = { limit: 2, windowMs: 60_000, blockMs: 5_000 };
      await new RedisFailedAttempts(redis).record([key], policy);
      await new RedisFailedAttempts(other).record([key], policy);
      expect(await new RedisFailedAttempts(redis).blockedFor([key])).toBeGreaterThan(4_000);
    } finally {
      other.disconnect();
    }
  });
});

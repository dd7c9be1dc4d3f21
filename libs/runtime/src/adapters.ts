// The Redis adapters of the runtime's ports, apart from `@pvs/runtime` so that only a composition root loads ioredis.
export { RedisFailedAttempts } from './failed-attempts/redis-failed-attempts';
export { RedisSyncedThrottlerStorage } from './rate-limits/redis-synced-throttler-storage';

import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import Redis from 'ioredis';
import { describeWith, requireServiceAddress } from '@pvs/testing';
import { RedisSyncedThrottlerStorage } from './redis-synced-throttler-storage';

const LIMIT = 5;
const TTL_MS = 60_000;
const BLOCK_MS = 30_000;

describeWith('redis', 'RedisSyncedThrottlerStorage', () => {
  const clients: Redis[] = [];
  const storages: RedisSyncedThrottlerStorage[] = [];
  let key: string;

  /** A gateway process's storage, on its own Redis connection (as the gateway opens it, ready before it serves). */
  const gateway = async (url = requireServiceAddress('redis'), onSyncFailed?: (error: unknown) => void) => {
    const redis = new Redis(url, { enableOfflineQueue: false, maxRetriesPerRequest: 1 });
    redis.on('error', () => undefined);
    const storage = new RedisSyncedThrottlerStorage(redis, onSyncFailed);
    clients.push(redis);
    storages.push(storage);
    if (url === requireServiceAddress('redis')) await new Promise((ready) => redis.once('ready', ready));
    return storage;
  };
  const hit = (storage: RedisSyncedThrottlerStorage, ttl = TTL_MS) => storage.increment(key, ttl, LIMIT, BLOCK_MS, 'default');
  const hits = async (storage: RedisSyncedThrottlerStorage, count: number) => {
    const answers = [];
    for (let i = 0; i < count; i++) answers.push(await hit(storage));
    return answers;
  };

  beforeEach(() => {
    key = randomUUID();
  });

  afterEach(async () => {
    await Promise.all(storages.splice(0).map((storage) => storage.close()));
    for (const redis of clients.splice(0)) redis.disconnect();
  });

  it('lets the limit through, then blocks for the block duration', async () => {
    const storage = await gateway();
    const answers = await hits(storage, LIMIT + 1);
    expect(answers.map((a) => a.isBlocked)).toEqual([false, false, false, false, false, true]);
    expect(answers.map((a) => a.totalHits)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(answers[0].timeToExpire).toBe(TTL_MS / 1000);
    expect(answers[LIMIT].timeToBlockExpire).toBe(BLOCK_MS / 1000);
    // Blocked requests are refused without counting.
    expect(await hit(storage)).toMatchObject({ isBlocked: true, totalHits: LIMIT + 1 });
  });

  it('counts the hits of every process: each learns the others at its next sync', async () => {
    const [one, other] = [await gateway(), await gateway()];
    await hits(one, 3);
    await one.sync();
    expect(await hit(other)).toMatchObject({ isBlocked: false, totalHits: 1 }); // before it learned
    await other.sync();
    expect(await hit(other)).toMatchObject({ isBlocked: false, totalHits: LIMIT });
    expect(await hit(other)).toMatchObject({ isBlocked: true });
    // The block reaches the first process with its next sync, though it hit nothing since.
    await other.sync();
    await one.sync();
    expect(await hit(one)).toMatchObject({ isBlocked: true });
  });

  it('learns the others on its own while a key is in use, every sync interval', async () => {
    const [one, other] = [await gateway(), await gateway()];
    await hits(one, 1);
    await hits(other, LIMIT - 1);
    await sleep(200);
    expect(await hit(one)).toMatchObject({ isBlocked: true, totalHits: LIMIT + 1 });
  });

  it('starts counting afresh when the shared window ends', async () => {
    const storage = await gateway();
    for (let i = 0; i < LIMIT; i++) await hit(storage, 300);
    await storage.sync();
    await sleep(450); // the shared window began at the first sync
    expect(await hit(storage, 300)).toMatchObject({ isBlocked: false, totalHits: 1 });
  });

  it('answers without Redis, and limits on its own counts while Redis is away', async () => {
    const failures: unknown[] = [];
    const storage = await gateway('redis://127.0.0.1:1', (error) => failures.push(error));
    const started = Date.now();
    const answers = await hits(storage, LIMIT + 1);
    expect(Date.now() - started).toBeLessThan(50);
    expect(answers.map((a) => a.isBlocked)).toEqual([false, false, false, false, false, true]);
    await storage.sync();
    await storage.sync();
    expect(failures).toHaveLength(1); // once per outage, not once per sync
  });

  it('sends the hits of a failed sync with the next one', async () => {
    const storage = await gateway();
    await hits(storage, 2);
    const [redis] = clients;
    redis.disconnect();
    await new Promise((ended) => redis.once('end', ended));
    await storage.sync();
    await redis.connect();
    await storage.sync();
    const other = await gateway();
    await hit(other);
    await other.sync();
    expect(await hit(other)).toMatchObject({ totalHits: 4 });
  });
});

import { migrate, SqlClient } from '@pvs/sql';
import { PgliteClient } from '@pvs/sql/pglite';
import { PgPoolClient } from '@pvs/sql/postgres';
import { createTestDatabase, describeWithPostgres, TestDatabase } from '@pvs/sql/testing';
import { PARTITION_COUNT, PartitionLeases, partitionOf } from './partition-leases';
import { readModelMigrations } from '@pvs/read-model';
import { matcherMigrations } from '../matcher-schema';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const TIMING = { leaseMs: 400, heartbeatMs: 100 };

/** A process running the worker: what it holds, and each change in order. */
function member(sql: SqlClient, worker: string) {
  const changes: number[][] = [];
  const leases = new PartitionLeases(sql, worker, {
    ...TIMING,
    onChange: async (held) => {
      changes.push([...held].sort((a, b) => a - b));
    },
  });
  return { leases, changes, held: () => [...leases.held].sort((a, b) => a - b) };
}

async function until(condition: () => boolean, timeoutMs = 5_000): Promise<number> {
  const started = Date.now();
  while (!condition()) {
    if (Date.now() - started > timeoutMs) throw new Error('condition not reached in time');
    await sleep(20);
  }
  return Date.now() - started;
}

const all = Array.from({ length: PARTITION_COUNT }, (_, partition) => partition);

describe('partitionOf', () => {
  it('puts a key in one partition always, and spreads keys over all of them', () => {
    const keys = Array.from({ length: 2_000 }, (_, i) => `tenant-${i}`);
    expect(keys.map((key) => partitionOf(key))).toEqual(keys.map((key) => partitionOf(key)));
    const counts = new Map<number, number>();
    for (const key of keys) counts.set(partitionOf(key), (counts.get(partitionOf(key)) ?? 0) + 1);
    expect([...counts.keys()].sort((a, b) => a - b)).toEqual(all);
    for (const count of counts.values()) expect(count).toBeGreaterThan(2_000 / PARTITION_COUNT / 2);
    expect(partitionOf('tenant-1', 4)).toBeLessThan(4);
  });
});

describe('PartitionLeases on PGlite (one process)', () => {
  it('gives the one process every partition, and takes them back when it stops', async () => {
    const sql = await PgliteClient.open();
    await migrate(sql, [...readModelMigrations, ...matcherMigrations]);
    const alone = member(sql, 'worker');
    await alone.leases.start();
    expect(alone.held()).toEqual(all);
    await alone.leases.stop();
    expect(alone.changes).toEqual([all, []]);
    expect(await sql.query(`SELECT count(*)::int AS n FROM mt_partition_leases WHERE owner IS NOT NULL`)).toEqual([{ n: 0 }]);
    await sql.close();
  });
});

describeWithPostgres('PartitionLeases on PostgreSQL (several processes)', () => {
  let database: TestDatabase;
  const pools: PgPoolClient[] = [];
  let worker = 0;

  beforeAll(async () => {
    database = await createTestDatabase();
    const sql = newProcess();
    await migrate(sql, [...readModelMigrations, ...matcherMigrations]);
  });

  afterAll(async () => {
    await Promise.all(pools.map((pool) => pool.close()));
    await database.drop();
  });

  function newProcess(): PgPoolClient {
    const pool = new PgPoolClient({ connectionString: database.url, max: 2 });
    pools.push(pool);
    return pool;
  }

  const disjointAndComplete = (...helds: number[][]) => {
    const union = helds.flat().sort((a, b) => a - b);
    return union.length === PARTITION_COUNT && union.every((partition, i) => partition === i);
  };

  it('shares the partitions fairly as processes join, and takes back at once what a stopped one held', async () => {
    const name = `worker-${++worker}`;
    const [a, b, c] = [member(newProcess(), name), member(newProcess(), name), member(newProcess(), name)];
    await a.leases.start();
    expect(a.held()).toEqual(all);

    await b.leases.start();
    await until(() => a.held().length === 16 && b.held().length === 16);
    expect(disjointAndComplete(a.held(), b.held())).toBe(true);
    // It stopped handling what it gave back before giving it: its changes only ever shrink to its share.
    expect(a.changes).toEqual([all, all.slice(0, 16)]);

    await c.leases.start();
    await until(() => [a, b, c].every((m) => m.held().length >= 10) && disjointAndComplete(a.held(), b.held(), c.held()));
    expect(Math.max(...[a, b, c].map((m) => m.held().length))).toBe(11);

    await c.leases.stop();
    await until(() => a.held().length === 16 && b.held().length === 16);
    expect(disjointAndComplete(a.held(), b.held())).toBe(true);
    await Promise.all([a.leases.stop(), b.leases.stop()]);
  });

  it('hands the partitions of a killed process over once its leases run out', async () => {
    const name = `worker-${++worker}`;
    const survivor = member(newProcess(), name);
    const doomedPool = newProcess();
    const doomed = member(doomedPool, name);
    await survivor.leases.start();
    await doomed.leases.start();
    await until(() => survivor.held().length === 16 && doomed.held().length === 16);

    // Killed: its connections die with it, and nothing is given back.
    pools.splice(pools.indexOf(doomedPool), 1);
    await doomedPool.close();
    const takeover = await until(() => survivor.held().length === PARTITION_COUNT);
    expect(takeover).toBeGreaterThanOrEqual(TIMING.leaseMs - 2 * TIMING.heartbeatMs);
    await survivor.leases.stop();
    await doomed.leases.stop().catch(() => undefined);
  });
});

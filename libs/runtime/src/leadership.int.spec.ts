import { Client } from 'pg';
import { PgPoolClient } from '@pvs/sql/postgres';
import { createTestDatabase, describeWithPostgres, TestDatabase } from '@pvs/sql/testing';
import { sleep } from '@pvs/testing';
import { Leadership } from './leadership';

class CountingRole {
  active = false;
  starts = 0;
  stops = 0;
  async start() {
    this.active = true;
    this.starts++;
  }
  async stop() {
    this.active = false;
    this.stops++;
  }
}

describeWithPostgres('Leadership on PostgreSQL advisory locks', () => {
  let database: TestDatabase;
  const pools: PgPoolClient[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
  });

  afterAll(async () => {
    await Promise.all(pools.map((pool) => pool.close()));
    await database.drop();
  });

  const newProcess = () => {
    const pool = new PgPoolClient({ connectionString: database.url, max: 3 });
    pools.push(pool);
    return pool;
  };

  it('lets one of several processes lead, and hands over when it stops', async () => {
    const roles = [new CountingRole(), new CountingRole(), new CountingRole()];
    const leaderships = roles.map((role) => new Leadership(newProcess(), 'matcher', role, 50));
    await Promise.all(leaderships.map((l) => l.start()));
    expect(roles.filter((r) => r.active)).toHaveLength(1);

    const leader = leaderships.findIndex((l) => l.isLeader);
    await leaderships[leader].stop();
    expect(roles[leader].active).toBe(false);
    for (let i = 0; i < 100 && !roles.some((r) => r.active); i++) await sleep(20);
    expect(roles.filter((r) => r.active)).toHaveLength(1);
    await Promise.all(leaderships.map((l) => l.stop()));
    expect(roles.some((r) => r.active)).toBe(false);
  });

  it("stops the leader's role when its connection is killed, and one process leads again", async () => {
    const first = new CountingRole();
    const second = new CountingRole();
    const a = new Leadership(newProcess(), 'projection:payments', first, 50);
    await a.start();
    const b = new Leadership(newProcess(), 'projection:payments', second, 50);
    await b.start();
    expect([first.active, second.active]).toEqual([true, false]);

    const admin = new Client({ connectionString: database.url });
    await admin.connect();
    await admin.query(`SELECT pg_terminate_backend(pid) FROM pg_locks WHERE locktype = 'advisory' AND granted AND pid <> pg_backend_pid()`);
    await admin.end();

    for (let i = 0; i < 100 && first.starts + second.starts < 2; i++) await sleep(20);
    expect(first.stops).toBe(1);
    expect(first.starts + second.starts).toBe(2);
    expect([first.active, second.active].filter(Boolean)).toHaveLength(1);
    await a.stop();
    await b.stop();
  });
});

import { randomBytes } from 'node:crypto';
import { createHash } from 'node:crypto';
import { Client } from 'pg';
import { DatabaseUnderTest, TestService, TestServiceOptions, TestTenant, appendPayments, onEachDatabase, startTestService } from '@pvs/embedded/testing';
import { EVENT_STORE, EventStore } from '@pvs/event-store';
import { READ_MODEL_DATABASE } from '@pvs/runtime';
import { SqlClient } from '@pvs/sql';
import { TestDatabase, createTestDatabase, describeWithPostgres } from '@pvs/sql/testing';
import { jazzCashCredit, randomTransactionId, waitUntil } from '@pvs/testing';

const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const CHECKPOINT = /^\d{20}:\d{20}$/;
const BACKLOG_PAYMENTS = 400;


function projectionsAdminSuite(backend: string, openDatabase: () => Promise<DatabaseUnderTest>) {
  describe(`projections admin API over HTTP on ${backend}`, () => {
    let database: DatabaseUnderTest;
    let service: TestService;
    let merchant: TestTenant;
    const payments: { uuid: string; status: string }[] = [];

    beforeAll(async () => {
      database = await openDatabase();
      service = await startTestService(database.options);
      merchant = await service.createTenant({ name: 'Multan Mangoes' });
      // A backlog long enough for a rebuild to be watched while it runs.
      await appendPayments(service.app.get<EventStore>(EVENT_STORE), [merchant.id], BACKLOG_PAYMENTS);
      for (let i = 0; i < 6; i++) payments.push(await register(i % 2 === 0));
    }, 120_000);

    afterAll(async () => {
      await service.close();
      await database.drop();
    });

    const withKey = () => ({ headers: { 'x-api-key': merchant.apiKey } });
    async function register(paid: boolean) {
      const reference = randomTransactionId();
      const registered = await service.request('POST', '/payments/verify', { body: { gateway: 'wallet_one', transaction_reference: reference, amount: 1250 }, ...withKey() });
      if (paid) {
        const body = jazzCashCredit({ reference, amount: '1,250.00' });
        expect((await service.request('POST', '/sms/ingest', { body: { sender: '8558', body }, ...withKey() })).body.status).toBe('verified');
      }
      return { uuid: registered.body.data.uuid as string, status: paid ? 'verified' : 'pending' };
    }
    const projections = async () => {
      const response = await service.admin('GET', '/admin/projections');
      expect(response.status).toBe(200);
      return response.body.data as { name: string; lag_events: number; rebuild: Record<string, unknown> | null }[];
    };
    const projection = async (name: string) => (await projections()).find((candidate) => candidate.name === name)!;
    async function expectReadsAnswer() {
      for (const payment of payments) {
        const response = await service.request('GET', `/payments/status/${payment.uuid}`, withKey());
        expect(response).toMatchObject({ status: 200, body: { data: { uuid: payment.uuid, status: payment.status } } });
      }
      // The status endpoint would fold a missing row from its stream: count the table itself.
      expect(await countPayments(service)).toBeGreaterThanOrEqual(BACKLOG_PAYMENTS + payments.length);
    }

    it('refuses both endpoints without the admin token', async () => {
      for (const [method, path] of [['GET', '/admin/projections'], ['POST', '/admin/projections/payments/rebuild']]) {
        const response = await service.request(method, path, { headers: { authorization: 'Bearer not-the-admin-token' } });
        expect(response).toMatchObject({ status: 401, body: { success: false, message: expect.any(String) } });
      }
    });

    it('lists every projection with its checkpoint and no lag once caught up', async () => {
      // A credit that states the balance: the ledgers (and so every projection) have an event to stand at.
      const easypaisa = `Trx ID 25434500001. You have Received Rs 300 from ASAD with Easypaisa Account 923352170168 and your new Easypaisa account balance is Rs. 9,300.00.`;
      expect((await service.request('POST', '/sms/ingest', { body: { sender: '3737', body: easypaisa }, ...withKey() })).status).toBe(200);
      await waitUntil(async () => (await projections()).every((status) => status.lag_events === 0), 30_000);
      const statuses = await projections();
      expect(statuses.map((status) => status.name)).toEqual(['payments', 'sms', 'tenant_daily', 'sms_hourly', 'forwarders', 'ledgers', 'alerts', 'payment_links']);
      for (const status of statuses) {
        expect(status).toEqual({ name: status.name, checkpoint: expect.stringMatching(CHECKPOINT), lag_events: 0, lag_seconds: 0, rebuild: null });
      }
    });

    it('answers 404 for a projection it does not know', async () => {
      expect(await service.admin('POST', '/admin/projections/nope/rebuild')).toMatchObject({ status: 404, body: { success: false, message: 'Projection not found' } });
    });

    it('rebuilds online: 202, reads answer from full tables all along, progress up to done; then accepts the next request', async () => {
      const accepted = await service.admin('POST', '/admin/projections/payments/rebuild');
      expect(accepted.status).toBe(202);
      expect(accepted.body).toMatchObject({ success: true, data: { name: 'payments', checkpoint: expect.stringMatching(CHECKPOINT), lag_events: expect.any(Number), lag_seconds: expect.any(Number) } });
      expect(['requested', 'running', 'done']).toContain(accepted.body.data.rebuild.status);

      const seen: Record<string, unknown>[] = [];
      for (;;) {
        const { rebuild } = await projection('payments');
        seen.push(rebuild!);
        if (rebuild!.status === 'done' || rebuild!.status === 'failed') break;
        await expectReadsAnswer();
      }
      const done = seen.at(-1)!;
      expect(done).toEqual({
        status: 'done',
        events_done: expect.any(Number),
        events_total: expect.any(Number),
        events_per_s: expect.any(Number),
        started_at: expect.stringMatching(ISO_UTC),
        finished_at: expect.stringMatching(ISO_UTC),
        error: null,
      });
      expect(done.events_total).toBeGreaterThan(BACKLOG_PAYMENTS);
      expect(done.events_done).toBeGreaterThanOrEqual(done.events_total as number);
      expect(done.events_per_s).toBeGreaterThan(0);
      expect(Date.parse(done.finished_at as string)).toBeGreaterThanOrEqual(Date.parse(done.started_at as string));
      await expectReadsAnswer();

      // Done: the next request is accepted.
      expect((await service.admin('POST', '/admin/projections/payments/rebuild')).status).toBe(202);
      await waitUntil(async () => (await projection('payments')).rebuild!.status === 'done', 60_000);
      await expectReadsAnswer();
    }, 120_000);

    it('rebuilds the dashboard projection to the same figures', async () => {
      const dashboard = async () => (await service.admin('GET', `/admin/dashboard/daily?tenant_id=${merchant.id}`)).body;
      const before = await dashboard();
      expect(before.data.tenants[0].registered).toBeGreaterThan(0);
      expect((await service.admin('POST', '/admin/projections/tenant_daily/rebuild')).status).toBe(202);
      await waitUntil(async () => (await projection('tenant_daily')).rebuild?.status === 'done', 60_000);
      expect(await dashboard()).toEqual(before);
    }, 120_000);
  });
}

onEachDatabase(projectionsAdminSuite);

describeWithPostgres('a rebuild held back by a lock on its copy (embedded on PostgreSQL)', () => {
  let database: TestDatabase;
  let blocker: Client;

  beforeAll(async () => {
    database = await createTestDatabase();
    blocker = new Client({ connectionString: database.url });
    await blocker.connect();
  });

  afterAll(async () => {
    await blocker.end();
    await database.drop();
  });

  /** Leadership's lock key: 48 bits of the name's SHA-256, shown by pg_locks in two 32-bit halves. */
  async function holdsAdvisoryLock(name: string): Promise<boolean> {
    const key = createHash('sha256').update(name).digest().readUIntBE(0, 6);
    const { rows } = await blocker.query(
      `SELECT 1 FROM pg_locks WHERE locktype = 'advisory' AND database = (SELECT oid FROM pg_database WHERE datname = current_database())
         AND (classid::bigint << 32 | objid::bigint) = $1`,
      [key],
    );
    return rows.length > 0;
  }

  /** The rebuild starts by dropping its copy's table: holding a lock on it keeps the rebuild running. */
  async function holdRebuildOfPayments(): Promise<() => Promise<void>> {
    await blocker.query('CREATE TABLE IF NOT EXISTS rm_payments__rebuild (held int)');
    await blocker.query('BEGIN');
    await blocker.query('LOCK TABLE rm_payments__rebuild IN ACCESS SHARE MODE');
    return async () => {
      await blocker.query('COMMIT');
    };
  }

  it('stays running (409, live rows unchanged), is marked failed when its projector stops, and runs again after the restart', async () => {
    // The same keys across the restart: a new secrets key would not open the secrets of the tenant created before.
    const options: TestServiceOptions = { databaseUrl: database.url, adminToken: 'restart-admin-token-0123456789', secretsKey: randomBytes(32) };
    let service = await startTestService(options);
    const status = async () => (await service.admin('GET', '/admin/projections')).body.data.find((p: { name: string }) => p.name === 'payments');
    try {
      const merchant = await service.createTenant();
      await appendPayments(service.app.get<EventStore>(EVENT_STORE), [merchant.id], 50);
      await waitUntil(async () => (await status()).lag_events === 0, 30_000);
      const before = await countPayments(service);

      const release = await holdRebuildOfPayments();
      expect((await service.admin('POST', '/admin/projections/payments/rebuild')).status).toBe(202);
      await waitUntil(async () => (await status()).rebuild.status === 'running', 30_000);
      expect(await service.admin('POST', '/admin/projections/payments/rebuild')).toMatchObject({ status: 409, body: { success: false } });
      expect((await status()).rebuild).toEqual({
        status: 'running',
        events_done: 0,
        events_total: expect.any(Number),
        events_per_s: 0,
        started_at: expect.stringMatching(ISO_UTC),
        finished_at: null,
        error: null,
      });
      expect(await countPayments(service)).toBe(before);

      // Stopping the service stops the rebuild with its projection's leadership. The projector stops
      // every projection at once: once the sms projection's advisory lock is gone, the rebuild was told.
      const closed = service.close();
      await waitUntil(async () => !(await holdsAdvisoryLock('projection:sms')), 30_000);
      await release();
      await closed;

      service = await startTestService(options);
      expect((await status()).rebuild).toMatchObject({ status: 'failed', error: expect.stringContaining('interrupted'), finished_at: expect.stringMatching(ISO_UTC) });
      expect(await countPayments(service)).toBe(before);
      expect((await service.admin('POST', '/admin/projections/payments/rebuild')).status).toBe(202);
      await waitUntil(async () => (await status()).rebuild.status === 'done', 60_000);
      expect(await countPayments(service)).toBe(before);
    } finally {
      await service.close();
    }
  }, 120_000);
});

async function countPayments(service: TestService): Promise<number> {
  const [{ count }] = await service.app.get<SqlClient>(READ_MODEL_DATABASE).query<{ count: number }>('SELECT count(*)::int AS count FROM rm_payments');
  return count;
}

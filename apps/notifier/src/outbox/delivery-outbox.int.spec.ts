import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { migrate, SqlClient } from '@pvs/sql';
import { describeOnEachDatabase, OpenedDatabase } from '@pvs/sql/testing';
import { AttemptRecord, DeliveryViews, webhookDeliveryMigrations } from '@pvs/webhook-deliveries';
import { DeliveryOutbox } from './delivery-outbox';

const OWNER = 'worker-under-test';
const HOUR_MS = 3_600_000;
const BASE = new Date('2026-11-27T08:00:00Z').getTime();

type Outcome = 'succeeded' | 'retried' | 'dead' | 'refused' | 'unsigned';

/** One attempt of a scenario: of which delivery, to which endpoint, with what outcome; a lost lease belongs to another worker. */
interface Step {
  readonly endpoint: number;
  readonly outcome: Outcome;
  readonly durationMs: number;
  readonly leaseLost: boolean;
}

/** Endpoints that failed before the scenario: for a long time (a failure disables them) or lately. */
const ENDPOINTS_BEFORE = [
  { failingForMs: 2 * HOUR_MS, failures: 3 },
  { failingForMs: 60_000, failures: 1 },
];

const step = fc.record({
  endpoint: fc.integer({ min: 0, max: 3 }),
  outcome: fc.constantFrom<Outcome>('succeeded', 'retried', 'dead', 'refused', 'unsigned'),
  durationMs: fc.integer({ min: 0, max: 40 }),
  leaseLost: fc.boolean(),
});

/** Plays a scenario in a world of its own (its own delivery ids and endpoints), recording attempts in the batches given. */
async function play(sql: SqlClient, steps: readonly Step[], batchSizes: readonly number[]) {
  const outbox = new DeliveryOutbox(sql);
  const world = randomUUID().slice(0, 8);
  const origin = (endpoint: number) => `https://${world}-${endpoint}.example`;
  for (const [endpoint, before] of ENDPOINTS_BEFORE.entries()) {
    await sql.query(`INSERT INTO wh_endpoints (origin, consecutive_failures, failing_since) VALUES ($1, $2, $3)`, [origin(endpoint), before.failures, new Date(BASE - before.failingForMs)]);
  }
  const ids: string[] = steps.map(() => randomUUID());
  for (const [i, { endpoint }] of steps.entries()) {
    await outbox.enqueue({ id: ids[i], tenantId: randomUUID(), paymentId: randomUUID(), correlationId: 'c', event: 'payment.verified', url: `${origin(endpoint)}/hooks`, body: '{}' }, new Date(BASE - 1_000));
  }
  const leased = new Map((await outbox.claimDue(OWNER, new Date(BASE), 60_000, steps.length + 1, [])).filter((d) => ids.includes(d.id)).map((d) => [d.id, d]));
  const lost = ids.filter((_, i) => steps[i].leaseLost);
  await sql.query(`UPDATE wh_deliveries SET lease_owner = 'another-worker' WHERE id = ANY ($1::uuid[])`, [lost]);
  const records: AttemptRecord[] = steps.map(({ outcome, durationMs }, i) => ({
    delivery: leased.get(ids[i])!,
    startedAt: new Date(BASE + i * 100),
    durationMs,
    statusCode: outcome === 'succeeded' ? 200 : outcome === 'retried' || outcome === 'dead' ? 500 : null,
    error: outcome === 'succeeded' ? null : `${outcome} error`,
    outcome: outcome === 'retried' || outcome === 'dead' ? 'failed' : outcome,
    nextAttemptAt: outcome === 'retried' ? new Date(BASE + HOUR_MS) : null,
  }));
  for (let from = 0, batch = 0; from < records.length; batch++) {
    const size = batchSizes[batch % batchSizes.length];
    await outbox.recordAttempts(OWNER, records.slice(from, from + size), HOUR_MS);
    from += size;
  }
  // The world's tables, with its ids and endpoints named by their place.
  const index = (id: string) => ids.indexOf(id);
  const deliveries = await sql.query<{ id: string; status: string; attempts: number; lease_owner: string | null; [column: string]: unknown }>(
    `SELECT id::text AS id, status, attempts, next_attempt_at, last_status_code, last_error, delivered_at, lease_owner, updated_at FROM wh_deliveries WHERE id = ANY ($1::uuid[])`,
    [ids],
  );
  const attempts = await sql.query<{ delivery_id: string; outcome: string; [column: string]: unknown }>(`SELECT delivery_id::text AS delivery_id, attempt, started_at, duration_ms, status_code, error, outcome, next_attempt_at FROM wh_attempts WHERE delivery_id = ANY ($1::uuid[])`, [ids]);
  const endpoints = await sql.query<{ origin: string }>(`SELECT origin, consecutive_failures, failing_since, disabled_at FROM wh_endpoints WHERE origin LIKE $1`, [`https://${world}-%`]);
  return {
    deliveries: deliveries.map((row) => ({ ...row, id: index(row.id) })).sort((a, b) => a.id - b.id),
    attempts: attempts.map((row) => ({ ...row, delivery_id: index(row.delivery_id) })).sort((a, b) => a.delivery_id - b.delivery_id),
    endpoints: endpoints.map((row) => ({ ...row, origin: row.origin.slice(`https://${world}-`.length, -'.example'.length) })).sort((a, b) => a.origin.localeCompare(b.origin)),
  };
}

function outboxSuite(open: () => Promise<OpenedDatabase>) {
  let sql: SqlClient;
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ sql, close } = await open());
    await migrate(sql, webhookDeliveryMigrations);
  });

  afterAll(() => close());

  it('records attempts in batches of any size as it records them one at a time', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 12 }), fc.array(fc.integer({ min: 1, max: 12 }), { minLength: 1, maxLength: 4 }), async (steps, batchSizes) => {
        expect(await play(sql, steps, batchSizes)).toEqual(await play(sql, steps, [1]));
      }),
      { numRuns: 40 },
    );
  }, 120_000);

  it('records what each outcome means for the delivery and its endpoint', async () => {
    const steps: Step[] = [
      { endpoint: 0, outcome: 'retried', durationMs: 5, leaseLost: false },
      { endpoint: 1, outcome: 'retried', durationMs: 5, leaseLost: false },
      { endpoint: 1, outcome: 'succeeded', durationMs: 5, leaseLost: false },
      { endpoint: 2, outcome: 'dead', durationMs: 5, leaseLost: false },
      { endpoint: 2, outcome: 'unsigned', durationMs: 0, leaseLost: false },
      { endpoint: 3, outcome: 'succeeded', durationMs: 5, leaseLost: true },
    ];
    const { deliveries, attempts, endpoints } = await play(sql, steps, [steps.length]);
    expect(deliveries.map((d) => [d.status, d.attempts, d.lease_owner])).toEqual([
      ['pending', 1, null],
      ['pending', 1, null],
      ['succeeded', 1, null],
      ['dead', 1, null],
      ['dead', 1, null],
      ['pending', 0, 'another-worker'], // its lease was lost: not recorded
    ]);
    expect(attempts.map((a) => [a.delivery_id, a.outcome])).toEqual([[0, 'failed'], [1, 'failed'], [2, 'succeeded'], [3, 'failed'], [4, 'unsigned']]);
    expect(endpoints.map((e) => ({ ...e, failing_since: undefined }))).toEqual([
      // Failing for two hours: one failure more disables it, at that failure.
      { origin: '0', consecutive_failures: 4, failing_since: undefined, disabled_at: new Date(BASE + 5) },
      // Endpoint 1 healed by the success after its failure; endpoint 2 failed once (its unsigned attempt was never sent).
      { origin: '2', consecutive_failures: 1, failing_since: undefined, disabled_at: null },
    ]);
  });
  it('makes due again what a redelivery request covers, once however often the request comes, and counts it as DeliveryViews does', async () => {
    const outbox = new DeliveryOutbox(sql);
    const views = new DeliveryViews(sql);
    const tenantId = randomUUID();
    const [dead, undeliverable, succeeded] = [randomUUID(), randomUUID(), randomUUID()];
    const delivery = (id: string, url: string | null) => ({ id, tenantId, paymentId: randomUUID(), correlationId: 'c', event: 'payment.verified', url, body: '{}' });
    await outbox.enqueue(delivery(dead, 'https://shop.example/hooks'), new Date(BASE));
    await outbox.enqueue(delivery(undeliverable, null), new Date(BASE));
    await outbox.enqueue(delivery(succeeded, 'https://shop.example/hooks'), new Date(BASE));
    const leased = await outbox.claimDue(OWNER, new Date(BASE), 60_000, 10_000, []);
    const records = leased
      .filter((d) => d.tenantId === tenantId)
      .map((d) => ({ delivery: d, startedAt: new Date(BASE), durationMs: 1, statusCode: d.id === dead ? 500 : 200, error: null, outcome: d.id === dead ? ('failed' as const) : ('succeeded' as const), nextAttemptAt: null }));
    await outbox.recordAttempts(OWNER, records, HOUR_MS);
    const fallback = 'https://shop.example/new-hooks';
    expect(await views.redeliverable({ tenantId }, fallback)).toBe(2);
    expect(await views.redeliverable({ tenantId }, null)).toBe(1);
    expect(await views.redeliverable({ tenantId, id: succeeded }, null)).toBe(1);
    const request = { id: randomUUID(), tenantId, operator: 'ayesha', requestedAt: new Date(BASE + 1_000) };
    expect((await outbox.redeliver(request, fallback, new Date(BASE + 2_000))).sort()).toEqual([dead, undeliverable].sort());
    expect(await views.find(undeliverable)).toMatchObject({ status: 'pending', url: fallback, nextAttemptAt: new Date(BASE + 2_000) });
    // Claimed and failed again meanwhile: the same request delivered twice by the bus sends nothing more.
    await outbox.recordAttempts(OWNER, (await outbox.claimDue(OWNER, new Date(BASE + 3_000), 60_000, 10_000, [])).filter((d) => d.tenantId === tenantId).map((d) => ({ delivery: d, startedAt: new Date(BASE + 3_000), durationMs: 1, statusCode: 500, error: null, outcome: 'failed' as const, nextAttemptAt: null })), HOUR_MS);
    expect(await outbox.redeliver(request, fallback, new Date(BASE + 4_000))).toEqual([]);
    expect((await views.find(dead))?.status).toBe('dead');
    // A new request does.
    expect((await outbox.redeliver({ ...request, id: randomUUID(), deliveryId: succeeded }, fallback, new Date(BASE + 5_000)))).toEqual([succeeded]);
  });
}

describeOnEachDatabase('DeliveryOutbox', outboxSuite);

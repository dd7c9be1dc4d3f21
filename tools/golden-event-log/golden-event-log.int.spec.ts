import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { EVENT_SCHEMAS } from '@pvs/contracts';
import { alertDecider, awaitingIntentDecider, balanceChainFor, erasureDecider, expiryDecider, forwarderDecider, learnedTemplatesDecider, ledgerDecider, operatorDecider, paymentDecider, paymentLinkDecider, rebuildRequestsDecider, smsDecider, stallDecider, tenantDecider } from '@pvs/domain';
import { EventStore, RecordedEvent, UpcastingEventStore, categoryOf, foldStream } from '@pvs/event-store';
import { PostgresEventStore } from '@pvs/event-store/postgres';
import { PROJECTIONS, ProjectionRebuild } from '@pvs/projector';
import { readModelMigrations } from '@pvs/read-model';
import { SqlClient, migrate } from '@pvs/sql';
import { PgliteClient } from '@pvs/sql/pglite';
import { GoldenEvent, recordScenario } from './record-scenario';

const GOLDEN = {
  events: join(__dirname, 'golden-events.json'),
  states: join(__dirname, 'golden-states.json'),
  readModel: join(__dirname, 'golden-read-model.json'),
};
/** `RECORD_GOLDEN_LOG=1 npm test -- tools/golden-event-log` records a new log: only when the scenario itself changes. */
const RECORDING = process.env.RECORD_GOLDEN_LOG === '1';
/** `RECORD_GOLDEN_READ_MODEL=1` records the read model rebuilt from the same log: when a projection is added or changed. */
const RECORDING_READ_MODEL = RECORDING || process.env.RECORD_GOLDEN_READ_MODEL === '1';

/** Each stream category folded by its decider. */
const FOLDS: Readonly<Record<string, (events: readonly RecordedEvent[]) => unknown>> = {
  payment: (events) => foldStream(events, paymentDecider).state,
  sms: (events) => foldStream(events, smsDecider).state,
  awaiting: (events) => foldStream(events, awaitingIntentDecider).state,
  balance: (events) => foldStream(events, balanceChainFor('')).state,
  tenant: (events) => foldStream(events, tenantDecider).state,
  operator: (events) => foldStream(events, operatorDecider).state,
  smstemplates: (events) => foldStream(events, learnedTemplatesDecider).state,
  projection: (events) => foldStream(events, rebuildRequestsDecider).state,
  forwarder: (events) => foldStream(events, forwarderDecider).state,
  ledger: (events) => foldStream(events, ledgerDecider).state,
  stall: (events) => foldStream(events, stallDecider).state,
  alert: (events) => foldStream(events, alertDecider).state,
  paylink: (events) => foldStream(events, paymentLinkDecider).state,
  erasure: (events) => foldStream(events, erasureDecider).state ?? foldStream(events, expiryDecider).state,
};

const LATER_FIELDS = ['tier', 'institution', 'receivingAccounts', 'balanceCheck', 'verificationPolicy', 'alertWebhooks', 'raastQr', 'payerDataRetentionDays', 'forwarderId'];
const EARLIER_VERSIONS = ['SmsParsed', 'SmsReceived', 'TenantRegistered'];

/**
 * Events recorded by earlier code: before readings had tiers, before tenants had receiving accounts, a balance check,
 * a verification policy, alert webhooks and a Raast QR, before SMS named their forwarder.
 */
function asEarlierCodeRecorded(log: GoldenEvent[]): GoldenEvent[] {
  const older = new Set(EARLIER_VERSIONS.map((type) => log.find((event) => event.type === type)?.id));
  return log.map((event) => {
    if (!older.has(event.id) || typeof event.data !== 'object' || event.data === null) return event;
    const data = Object.fromEntries(Object.entries(event.data).filter(([field]) => !LATER_FIELDS.includes(field)));
    const { schemaVersion: _version, ...metadata } = event.metadata;
    return { ...event, data, metadata };
  });
}

/** A fresh database holding the log exactly as stored (ids, metadata, versions), read through the service's store. */
async function load(log: readonly GoldenEvent[]): Promise<{ sql: SqlClient; store: EventStore }> {
  const sql = await PgliteClient.open();
  const raw = new PostgresEventStore(sql);
  await raw.migrate();
  await migrate(sql, readModelMigrations);
  for (const { id, streamName, streamVersion, type, data, metadata } of log) {
    await raw.append(streamName, [{ id, type, data, metadata }], streamVersion === 1 ? 'no_stream' : streamVersion - 1);
  }
  return { sql, store: new UpcastingEventStore(raw) };
}

async function foldEveryStream(store: EventStore, log: readonly GoldenEvent[]): Promise<Record<string, unknown>> {
  const states: Record<string, unknown> = {};
  for (const stream of [...new Set(log.map((event) => event.streamName))].sort()) {
    const fold = FOLDS[categoryOf(stream)];
    if (!fold) throw new Error(`No decider folds ${stream}`);
    states[stream] = fold(await store.readStream(stream));
  }
  return states;
}

/** Every projection rebuilt from the log; rows in a stable order, times as ISO text. */
async function rebuildReadModel(sql: SqlClient, store: EventStore): Promise<Record<string, unknown[]>> {
  const tables: Record<string, unknown[]> = {};
  for (const projection of PROJECTIONS) {
    await new ProjectionRebuild(projection, store, sql).run();
    for (const table of Object.values(projection.tables)) {
      const rows = await sql.query<Record<string, unknown>>(`SELECT * FROM ${table}`);
      // updated_at is the time an event was recorded: the log's events are appended again here, at another time.
      const comparable = rows.map(({ updated_at: _recorded, ...row }) => JSON.parse(JSON.stringify(row)));
      tables[table] = comparable.sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
    }
  }
  return tables;
}

const readJson = (path: string) => JSON.parse(readFileSync(path, 'utf8'));
const writeJson = (path: string, value: unknown) => writeFileSync(path, `${JSON.stringify(value, null, 1)}\n`, { mode: 0o644 });

describe('the golden event log: events as recorded by this and earlier versions of the code', () => {
  let log: GoldenEvent[];
  let sql: SqlClient;
  let store: EventStore;

  beforeAll(async () => {
    if (RECORDING) writeJson(GOLDEN.events, asEarlierCodeRecorded(await recordScenario()));
    log = readJson(GOLDEN.events);
    ({ sql, store } = await load(log));
  }, 120_000);

  afterAll(() => sql?.close());

  it('covers every event type the service declares, and events of earlier versions', () => {
    const declared = Object.keys(EVENT_SCHEMAS);
    expect([...new Set(log.map((event) => event.type))].sort()).toEqual(declared.sort());
    expect(log.filter((event) => event.metadata.schemaVersion === undefined).map((event) => event.type).sort()).toEqual(EARLIER_VERSIONS);
    expect(log.length).toBeGreaterThan(200);
  });

  it('folds every stream to the states the deciders folded it to when the log was recorded', async () => {
    const states = await foldEveryStream(store, log);
    if (RECORDING) writeJson(GOLDEN.states, states);
    expect(JSON.parse(JSON.stringify(states))).toEqual(readJson(GOLDEN.states));
  });

  it('rebuilds the same read model', async () => {
    const tables = await rebuildReadModel(sql, store);
    if (RECORDING_READ_MODEL) writeJson(GOLDEN.readModel, tables);
    expect(tables).toEqual(readJson(GOLDEN.readModel));
  }, 60_000);
});

import { randomUUID } from 'node:crypto';
import { FORWARDER_ACCOUNT_SEEN, FORWARDER_HEARTBEAT, FORWARDER_RECOVERED, FORWARDER_SEEN, FORWARDER_WENT_SILENT, SMS_RECEIVED, forwarderStream, smsStream } from '@pvs/contracts';
import { NO_STREAM } from '@pvs/event-store';
import { PostgresEventStore } from '@pvs/event-store/postgres';
import { SqlClient } from '@pvs/sql';
import { ProjectionRunner } from '../projections/projection-runner';
import { onPgliteAndPostgres } from '../testing';
import { forwardersProjection } from './forwarders.projection';

const DAY_MS = 86_400_000;

onPgliteAndPostgres((backend, open) => {
  describe(`forwarders projection on ${backend}`, () => {
    let sql: SqlClient;
    let events: PostgresEventStore;
    let dispose: () => Promise<void>;
    const tenantId = randomUUID();
    const metadata = { tenantId, correlationId: 'test' };

    beforeEach(async () => {
      ({ sql, events, dispose } = await open());
    });

    afterEach(() => dispose());

    const project = (batchSize = 3) => new ProjectionRunner(forwardersProjection, events, events.signals, sql, { batchSize }).catchUp();
    const heard = async (forwarderId: string) =>
      (await sql.query<{ heard_at: Date }>('SELECT heard_at FROM rm_forwarder_heard WHERE forwarder_id = $1 ORDER BY heard_at', [forwarderId])).map((row) => row.heard_at.toISOString());
    const row = async (forwarderId: string) =>
      (await sql.query<{ last_heard_at: Date | null; silent_since: Date | null; heartbeat_status: string | null }>('SELECT * FROM rm_forwarders WHERE forwarder_id = $1', [forwarderId]))[0];

    async function phone(seenAt: string): Promise<string> {
      const forwarderId = randomUUID();
      await events.append(forwarderStream(forwarderId), [{ type: FORWARDER_SEEN, data: { forwarderId, tenantId, app: 'native', device: 'till', seenAt }, metadata }], NO_STREAM);
      return forwarderId;
    }
    async function sms(forwarderId: string | null, recordedAt: string): Promise<void> {
      const smsId = randomUUID();
      const data = { smsId, tenantId, sender: '8558', body: `Rs 1 received ${smsId}`, receivedAt: null, recordedAt, source: 'native', forwarderId };
      await events.append(smsStream(smsId), [{ type: SMS_RECEIVED, data, metadata }], NO_STREAM);
    }
    const append = async (forwarderId: string, type: string, data: object) => {
      const version = (await events.readStream(forwarderStream(forwarderId))).length;
      await events.append(forwarderStream(forwarderId), [{ type, data: { forwarderId, ...data }, metadata }], version);
    };

    it("keeps each phone's words (first sight, SMS, online heartbeats; not offline ones) and its last, once each", async () => {
      const till = await phone('2026-11-20T09:00:00.000Z');
      await sms(till, '2026-11-20T10:00:00.000Z');
      await append(till, FORWARDER_HEARTBEAT, { status: 'online', at: '2026-11-20T10:30:00.000Z', recordedAt: '2026-11-20T10:30:01.000Z' });
      await append(till, FORWARDER_HEARTBEAT, { status: 'offline', at: '2026-11-20T11:00:00.000Z', recordedAt: '2026-11-20T11:00:01.000Z' });
      await sms(null, '2026-11-20T12:00:00.000Z');
      await project(2);
      const expected = ['2026-11-20T09:00:00.000Z', '2026-11-20T10:00:00.000Z', '2026-11-20T10:30:01.000Z'];
      expect(await heard(till)).toEqual(expected);
      expect(await row(till)).toMatchObject({ last_heard_at: new Date(expected[2]), heartbeat_status: 'offline' });
      // Replayed from the start (a rebuild on the same tables): nothing counted twice.
      await sql.query("DELETE FROM rm_checkpoints WHERE projection = 'forwarders'");
      await project(5);
      expect(await heard(till)).toEqual(expected);
    });

    it('forgets words older than four weeks before the newest of the phone', async () => {
      const till = await phone('2026-10-01T09:00:00.000Z');
      const newest = Date.parse('2026-11-20T09:00:00.000Z');
      await sms(till, new Date(newest - 29 * DAY_MS).toISOString());
      await sms(till, new Date(newest - 27 * DAY_MS).toISOString());
      await sms(till, new Date(newest).toISOString());
      await project(10);
      expect(await heard(till)).toEqual([new Date(newest - 27 * DAY_MS).toISOString(), new Date(newest).toISOString()]);
    });

    it('marks a silence and its end', async () => {
      const till = await phone('2026-11-20T09:00:00.000Z');
      await append(till, FORWARDER_WENT_SILENT, { tenantId, lastHeardAt: '2026-11-20T09:00:00.000Z', usualQuietMs: 7_200_000, pendingGateways: ['bank'], detectedAt: '2026-11-20T11:01:00.000Z' });
      await project();
      expect((await row(till))?.silent_since).toEqual(new Date('2026-11-20T11:01:00.000Z'));
      await append(till, FORWARDER_RECOVERED, { tenantId, silentSince: '2026-11-20T11:01:00.000Z', heardAt: '2026-11-20T12:00:00.000Z' });
      await sms(till, '2026-11-20T12:00:00.000Z');
      await project();
      expect(await row(till)).toMatchObject({ silent_since: null, last_heard_at: new Date('2026-11-20T12:00:00.000Z') });
    });

    it('lists the accounts a phone carries in the order first seen, once each however often replayed', async () => {
      const till = await phone('2026-11-20T09:00:00.000Z');
      await append(till, FORWARDER_ACCOUNT_SEEN, { tenantId, gateway: 'wallet_one', account: '03444160241', sim: 1, seenAt: '2026-11-20T09:00:00.000Z' });
      await append(till, FORWARDER_ACCOUNT_SEEN, { tenantId, gateway: 'bank', account: null, sim: null, seenAt: '2026-11-20T10:00:00.000Z' });
      const expected = [
        { gateway: 'wallet_one', account: '03444160241', sim: 1, since: '2026-11-20T09:00:00.000Z' },
        { gateway: 'bank', account: null, sim: null, since: '2026-11-20T10:00:00.000Z' },
      ];
      const accounts = async () => (await sql.query<{ accounts: unknown }>('SELECT accounts FROM rm_forwarders WHERE forwarder_id = $1', [till]))[0]?.accounts;
      await project(1);
      expect(await accounts()).toEqual(expected);
      await sql.query("DELETE FROM rm_checkpoints WHERE projection = 'forwarders'");
      await project(2);
      expect(await accounts()).toEqual(expected);
    });
  });
});

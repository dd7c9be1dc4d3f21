import { randomUUID } from 'node:crypto';
import { SMS_PARSED, SMS_RECEIVED, SMS_REJECTED, SmsParsedData, SmsReadingTier, smsStream } from '@pvs/contracts';
import { NO_STREAM } from '@pvs/event-store';
import { PostgresEventStore } from '@pvs/event-store/postgres';
import { SmsHourlyViews } from '@pvs/read-model';
import { SqlClient } from '@pvs/sql';
import { ProjectionRunner } from '../projections/projection-runner';
import { onPgliteAndPostgres } from '../testing';
import { smsHourlyProjection } from './sms-hourly.projection';

type Parse = { read: SmsReadingTier | 'learned'; institution?: string | null } | { rejected: string };

onPgliteAndPostgres((backend, open) => {
  describe(`SMS hourly projection on ${backend}`, () => {
    let sql: SqlClient;
    let events: PostgresEventStore;
    let dispose: () => Promise<void>;
    const tenant = randomUUID();
    const otherTenant = randomUUID();

    beforeEach(async () => {
      ({ sql, events, dispose } = await open());
    });

    afterEach(() => dispose());

    const metadata = (tenantId: string) => ({ tenantId, correlationId: 'test' });

    function parseEvent(smsId: string, tenantId: string, parse: Parse, reparsed = false) {
      if ('rejected' in parse) return { type: SMS_REJECTED, data: { smsId, tenantId, reason: parse.rejected }, metadata: metadata(tenantId) };
      const data: SmsParsedData = {
        smsId, tenantId, gateway: 'bank', tier: parse.read === 'learned' ? 'template' : parse.read,
        templateId: { learned: 'learned.0123456789ab', template: 'bank.hbl_raast', extracted: null }[parse.read], institution: parse.institution ?? null,
        reference: 'FT1234', normalizedReference: 'FT1234', amountPaisa: 500_00, payer: null, receivingAccount: null, balancePaisa: null, occurredAt: null, reparsed,
      };
      return { type: SMS_PARSED, data, metadata: metadata(tenantId) };
    }

    /** Records an SMS as the gateway would: received, then its first parse (or none yet). */
    async function sms(sender: string, recordedAt: string, parse: Parse | null, tenantId = tenant): Promise<string> {
      const smsId = randomUUID();
      const received = { smsId, tenantId, sender, body: 'Rs 500 received', receivedAt: null, recordedAt, source: 'native' };
      await events.append(
        smsStream(smsId),
        [{ type: SMS_RECEIVED, data: received, metadata: metadata(tenantId) }, ...(parse ? [parseEvent(smsId, tenantId, parse)] : [])],
        NO_STREAM,
      );
      return smsId;
    }

    const project = (batchSize = 3) => new ProjectionRunner(smsHourlyProjection, events, events.signals, sql, { batchSize }).catchUp();
    const counts = (tenantId?: string) => new SmsHourlyViews(sql).since(new Date('2026-03-10T00:00:00Z'), tenantId);
    const tables = async () => [
      await sql.query('SELECT * FROM rm_sms_hourly ORDER BY hour, tenant_id, institution, bucket, reason'),
      await sql.query('SELECT * FROM rm_sms_hourly_sms ORDER BY sms_id'),
    ];

    it('counts each SMS in the UTC hour it was recorded, by institution, tier or rejection reason; an unparsed one nowhere', async () => {
      await sms('8558', '2026-03-10T09:00:00Z', { read: 'template' });
      await sms('JazzCash', '2026-03-10T09:59:59.999Z', { read: 'template' }, otherTenant);
      await sms('8558', '2026-03-10T10:00:00Z', { read: 'template' });
      await sms('HBL', '2026-03-10T10:30:00Z', { read: 'extracted' });
      // A tenant's own sender id belongs to no institution, until the parser names one.
      await sms('MYSHOP', '2026-03-10T10:31:00Z', { read: 'learned', institution: 'Meezan Bank' });
      await sms('MYSHOP', '2026-03-10T10:32:00Z', { rejected: 'unrecognized_template' });
      await sms('h.b.l', '2026-03-10T10:33:00Z', { rejected: 'unrecognized_template' });
      await sms('HBL', '2026-03-10T10:34:00Z', { rejected: 'not_a_credit' });
      await sms('HBL', '2026-03-10T10:35:00Z', null);
      await sms('HBL', '2026-03-09T23:59:59Z', { read: 'template' });
      await project();

      const hour = (at: string) => new Date(at);
      expect(await counts()).toEqual([
        { hour: hour('2026-03-10T09:00:00Z'), institution: 'jazzcash', bucket: 'template', reason: null, sms: 2 },
        { hour: hour('2026-03-10T10:00:00Z'), institution: 'hbl', bucket: 'extracted', reason: null, sms: 1 },
        { hour: hour('2026-03-10T10:00:00Z'), institution: 'hbl', bucket: 'rejected', reason: 'not_a_credit', sms: 1 },
        { hour: hour('2026-03-10T10:00:00Z'), institution: 'hbl', bucket: 'rejected', reason: 'unrecognized_template', sms: 1 },
        { hour: hour('2026-03-10T10:00:00Z'), institution: 'jazzcash', bucket: 'template', reason: null, sms: 1 },
        { hour: hour('2026-03-10T10:00:00Z'), institution: 'meezan', bucket: 'learned', reason: null, sms: 1 },
        { hour: hour('2026-03-10T10:00:00Z'), institution: 'other', bucket: 'rejected', reason: 'unrecognized_template', sms: 1 },
      ]);
      expect((await counts(otherTenant)).map((row) => row.sms)).toEqual([1]);
    });

    it('moves a re-parsed SMS out of rejected, in the hour it was recorded', async () => {
      const smsId = await sms('HBL', '2026-03-10T10:00:00Z', { rejected: 'unrecognized_template' });
      await sms('HBL', '2026-03-10T10:10:00Z', { rejected: 'unrecognized_template' });
      await project();
      expect(await counts()).toMatchObject([{ bucket: 'rejected', sms: 2 }]);

      await events.append(smsStream(smsId), [parseEvent(smsId, tenant, { read: 'learned', institution: 'HBL' }, true)], 2);
      await project();
      expect(await counts()).toEqual([
        { hour: new Date('2026-03-10T10:00:00Z'), institution: 'hbl', bucket: 'learned', reason: null, sms: 1 },
        { hour: new Date('2026-03-10T10:00:00Z'), institution: 'hbl', bucket: 'rejected', reason: 'unrecognized_template', sms: 1 },
      ]);
    });

    it('leaves the same rows whatever the batches, and changes nothing when every event is applied again', async () => {
      const rejected: string[] = [];
      for (const [index, sender] of ['8558', '3737', 'HBL', 'MEEZAN', 'MYSHOP', 'UBL'].entries()) {
        const at = `2026-03-10T1${index % 3}:00:00Z`;
        await sms(sender, at, { read: index % 2 ? 'template' : 'extracted' });
        rejected.push(await sms(sender, at, { rejected: index % 2 ? 'otp_or_promo' : 'unrecognized_template' }));
      }
      // Half the rejected are read again; a counter at zero goes.
      for (const smsId of rejected.slice(0, 3)) await events.append(smsStream(smsId), [parseEvent(smsId, tenant, { read: 'learned' }, true)], 2);
      await project(1_000);
      const before = await tables();
      expect(before[0].map((row) => row.bucket)).toContain('learned');

      const everything = await events.readAll({ filter: smsHourlyProjection.filter, limit: 1_000 });
      for (const size of [1, 2, 5]) {
        await sql.query('DELETE FROM rm_sms_hourly');
        await sql.query('DELETE FROM rm_sms_hourly_sms');
        for (let start = 0; start < everything.length; start += size) {
          await sql.transaction((tx) => smsHourlyProjection.apply(tx, everything.slice(start, start + size), smsHourlyProjection.tables));
        }
        expect(await tables()).toEqual(before);
      }
      await sql.transaction((tx) => smsHourlyProjection.apply(tx, everything, smsHourlyProjection.tables));
      // One at a time, an older parse of a re-parsed SMS included: none moves anything.
      for (const event of everything) {
        await sql.transaction((tx) => smsHourlyProjection.apply(tx, [event], smsHourlyProjection.tables));
        expect(await tables()).toEqual(before);
      }
      expect(before[0].every((row) => Number(row.sms) > 0)).toBe(true);
    });
  });
});

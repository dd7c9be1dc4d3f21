import { SmsParse, SmsReceived, isSmsParse, isSmsReceived } from '@pvs/contracts';
import { RecordedEvent } from '@pvs/event-store';
import { SMS_HOURLY_PROJECTION, SmsHourBucket, TablesOf } from '@pvs/read-model';
import { institutionOfSender } from '@pvs/sms-parsers';
import { SqlExecutor } from '@pvs/sql';
import { CounterTable, addToCounters } from '../projections/counter-table';
import { Projection } from '../projections/projection';
import { roundsByStream } from '../projections/stream-order';
import { HourlyCounterChange, hourOf, hourlyChanges, mergeHourlyChanges, placeOfParse } from './hourly-counters';

/** An SMS from a sender id no institution is known by (a tenant's own, say). */
const OTHER_INSTITUTION = 'other';

/** Records each SMS once, in the hour it was recorded; it counts nowhere until it is parsed. */
async function record(tx: SqlExecutor, table: string, events: readonly RecordedEvent<SmsReceived>[]): Promise<void> {
  if (events.length === 0) return;
  await tx.query(
    `INSERT INTO ${table} (sms_id, tenant_id, hour, institution, stream_version)
     SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::timestamptz[], $4::text[], $5::bigint[])
     ON CONFLICT (sms_id) DO NOTHING`,
    [
      events.map((event) => event.data.smsId),
      events.map((event) => event.data.tenantId),
      events.map((event) => hourOf(event.data.recordedAt)),
      events.map((event) => institutionOfSender(event.data.sender) ?? OTHER_INSTITUTION),
      events.map((event) => event.streamVersion),
    ],
  );
}

interface MovedSms {
  tenantId: string;
  hour: Date;
  fromInstitution: string;
  fromBucket: SmsHourBucket | null;
  fromReason: string | null;
  institution: string;
  bucket: SmsHourBucket;
  reason: string;
}

/**
 * Moves SMS (one parse each) to the bucket their parse says, over an older stream version only, so a
 * replay moves nothing; a re-parse moves its SMS within the hour it was recorded.
 */
async function move(tx: SqlExecutor, table: string, events: readonly RecordedEvent<SmsParse>[]): Promise<HourlyCounterChange[]> {
  if (events.length === 0) return [];
  const places = events.map(placeOfParse);
  const moved = await tx.query<MovedSms>(
    `UPDATE ${table} AS sms
     SET bucket = change.bucket, reason = change.reason, institution = coalesce(change.institution, sms.institution), stream_version = change.version
     FROM unnest($1::uuid[], $2::bigint[], $3::text[], $4::text[], $5::text[]) AS change(sms_id, version, bucket, reason, institution)
     JOIN ${table} AS before ON before.sms_id = change.sms_id
     WHERE sms.sms_id = change.sms_id AND sms.stream_version < change.version
     RETURNING sms.tenant_id::text AS "tenantId", sms.hour, before.institution AS "fromInstitution", before.bucket AS "fromBucket",
               before.reason AS "fromReason", sms.institution, sms.bucket, sms.reason`,
    [
      events.map((event) => event.data.smsId),
      events.map((event) => event.streamVersion),
      places.map((place) => place.bucket),
      places.map((place) => place.reason),
      places.map((place) => place.institution),
    ],
  );
  return moved.flatMap((sms) => {
    const where = { tenantId: sms.tenantId, hour: sms.hour.toISOString() };
    return hourlyChanges(
      { ...where, institution: sms.fromInstitution, bucket: sms.fromBucket, reason: sms.fromReason ?? '' },
      { ...where, institution: sms.institution, bucket: sms.bucket, reason: sms.reason },
    );
  });
}

/** `rm_sms_hourly`'s counters: per hour, tenant, institution, bucket and reason. */
const HOURLY_COUNTERS: CounterTable = {
  key: [['hour', 'timestamptz'], ['tenant_id', 'uuid'], ['institution', 'text'], ['bucket', 'text'], ['reason', 'text']],
  counts: [['sms', 'bigint']],
};

/**
 * `rm_sms_hourly`: forwarded SMS per UTC hour recorded, tenant and institution, read (by tier: template,
 * learned, extracted) or rejected (by reason). A share of rejections that jumps for one institution is a
 * wording that changed. `rm_sms_hourly_sms` keeps each SMS's bucket, to move it when it is parsed again.
 */
export const smsHourlyProjection: Projection<TablesOf<typeof SMS_HOURLY_PROJECTION>> = {
  ...SMS_HOURLY_PROJECTION,

  async apply(tx, events, tables): Promise<void> {
    await record(tx, tables.sms, events.filter(isSmsReceived));
    const changes: HourlyCounterChange[] = [];
    for (const round of roundsByStream(events.filter(isSmsParse))) changes.push(...(await move(tx, tables.sms, round)));
    const merged = mergeHourlyChanges(changes);
    await addToCounters(tx, tables.counts, HOURLY_COUNTERS, merged.map((change) => [change.hour, change.tenantId, change.institution, change.bucket, change.reason, change.sms]));
  },
};

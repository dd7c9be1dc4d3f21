import { SqlExecutor } from '@pvs/sql';

export const SMS_HOURLY_VIEWS = Symbol('SMS_HOURLY_VIEWS');

/** How an SMS was read (the tier that read it), or that it was rejected. */
export type SmsHourBucket = 'template' | 'learned' | 'extracted' | 'rejected';

/** Forwarded SMS recorded in one UTC hour from one institution's sender ids, in one bucket. */
export interface SmsHourCount {
  readonly hour: Date;
  /** An institution id of the parser, or `other` for a sender id none is known by. */
  readonly institution: string;
  readonly bucket: SmsHourBucket;
  /** Why they were rejected; null when read. */
  readonly reason: string | null;
  readonly sms: number;
}

/** The last hours' counts: `hours` UTC hours from `since`, the last being the one in progress. */
export interface SmsHours {
  readonly since: Date;
  readonly currentHour: Date;
  readonly counts: readonly SmsHourCount[];
}

const HOUR_MS = 3_600_000;

/** The start of the UTC hour `at` falls in: the hour an SMS counts in. */
export function utcHourStart(at: Date): Date {
  return new Date(Math.floor(at.getTime() / HOUR_MS) * HOUR_MS);
}

/** SMS read and rejected per hour and institution, for the operators' chart, `/metrics` and `pvs sms stats`. */
export class SmsHourlyViews {
  constructor(private readonly sql: SqlExecutor) {}

  /** The last `hours` hours up to `now`, the current one included, summed over every tenant or for one. */
  async lastHours(now: Date, hours: number, tenantId?: string): Promise<SmsHours> {
    const currentHour = utcHourStart(now);
    const since = new Date(currentHour.getTime() - (hours - 1) * HOUR_MS);
    return { since, currentHour, counts: await this.since(since, tenantId) };
  }

  /** The counts of the hours from `since` (an hour's start), summed over every tenant or for one. */
  async since(since: Date, tenantId?: string): Promise<SmsHourCount[]> {
    const rows = await this.sql.query<{ hour: Date; institution: string; bucket: SmsHourBucket; reason: string; sms: number }>(
      `SELECT hour, institution, bucket, reason, sum(sms)::bigint AS sms
       FROM rm_sms_hourly WHERE hour >= $1 AND ($2::uuid IS NULL OR tenant_id = $2)
       GROUP BY hour, institution, bucket, reason
       ORDER BY hour, institution, bucket, reason`,
      [since, tenantId ?? null],
    );
    return rows.map((row) => ({ ...row, reason: row.reason === '' ? null : row.reason }));
  }
}

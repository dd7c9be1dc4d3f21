import { SMS_PARSED, SmsParse, isLearnedTemplateId } from '@pvs/contracts';
import { SmsHourBucket, utcHourStart } from '@pvs/read-model';
import { institutionIdByName } from '@pvs/sms-parsers';

/** Where an SMS counts: the hour it was recorded, its tenant and institution, its bucket (null until parsed). */
export interface SmsPlace {
  readonly tenantId: string;
  readonly hour: string;
  readonly institution: string;
  readonly bucket: SmsHourBucket | null;
  /** Why it was rejected; '' when read. */
  readonly reason: string;
}

/** A change to one counter of `rm_sms_hourly`. */
export interface HourlyCounterChange {
  readonly tenantId: string;
  readonly hour: string;
  readonly institution: string;
  readonly bucket: SmsHourBucket;
  readonly reason: string;
  readonly sms: number;
}

/** The start of the UTC hour a recorded time falls in, as the counters key it. */
export function hourOf(at: string): string {
  return utcHourStart(new Date(at)).toISOString();
}

/** The bucket a parse puts its SMS in, and the id of the institution the parser named (null when it named none). */
export function placeOfParse(parse: SmsParse): { bucket: SmsHourBucket; reason: string; institution: string | null } {
  if (parse.type !== SMS_PARSED) return { bucket: 'rejected', reason: parse.data.reason, institution: null };
  const { templateId, tier, institution } = parse.data;
  return {
    bucket: templateId !== null && isLearnedTemplateId(templateId) ? 'learned' : tier,
    reason: '',
    institution: institution === null ? null : institutionIdByName(institution),
  };
}

/** The counters an SMS leaves and enters when it moves from `from` to `to`. */
export function hourlyChanges(from: SmsPlace, to: SmsPlace): HourlyCounterChange[] {
  const change = (place: SmsPlace, bucket: SmsHourBucket, sms: number): HourlyCounterChange => ({
    tenantId: place.tenantId,
    hour: place.hour,
    institution: place.institution,
    bucket,
    reason: place.reason,
    sms,
  });
  const changes: HourlyCounterChange[] = [];
  if (from.bucket !== null) changes.push(change(from, from.bucket, -1));
  if (to.bucket !== null) changes.push(change(to, to.bucket, 1));
  return mergeHourlyChanges(changes);
}

/** One change per counter, so a batch writes each counter once; changes that cancel out are dropped. */
export function mergeHourlyChanges(changes: readonly HourlyCounterChange[]): HourlyCounterChange[] {
  const merged = new Map<string, HourlyCounterChange>();
  for (const change of changes) {
    const key = `${change.tenantId}|${change.hour}|${change.institution}|${change.bucket}|${change.reason}`;
    const previous = merged.get(key);
    merged.set(key, previous ? { ...previous, sms: previous.sms + change.sms } : change);
  }
  return [...merged.values()].filter((change) => change.sms !== 0);
}

import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import { SmsHourBucket, SmsHourCount, SmsHours } from '@pvs/read-model';
import { ChoiceProperty, CountProperty, DateTimeProperty, NumberProperty, TextProperty } from '@pvs/contracts/http';
import { InstitutionTotals, Totals, institutionTotals } from './institution-totals';

const BUCKETS: readonly SmsHourBucket[] = ['template', 'learned', 'extracted', 'rejected'];

/** SMS read (by any tier) and rejected. */
@ApiSchema({ name: 'SmsTotals' })
export class SmsTotalsResponse {
  @CountProperty() readonly read!: number;
  @CountProperty() readonly rejected!: number;

  static of({ read, rejected }: Totals): SmsTotalsResponse {
    return { read, rejected };
  }
}

/** An institution's SMS over the hours asked for, and in the current one. */
@ApiSchema({ name: 'InstitutionTotals' })
export class InstitutionTotalsResponse {
  @TextProperty({ description: "the institution its sender ids belong to (the parser's, once read); other: a sender id no institution is known by" }) readonly institution!: string;
  @TextProperty() readonly name!: string;
  @CountProperty() readonly read!: number;
  @CountProperty() readonly rejected!: number;
  @NumberProperty({ nullable: true, minimum: 0, maximum: 1, description: 'rejected / (read + rejected)' }) readonly rejected_share!: number | null;
  @ApiProperty({ type: SmsTotalsResponse }) readonly current_hour!: SmsTotalsResponse;

  static of(totals: InstitutionTotals): InstitutionTotalsResponse {
    return {
      institution: totals.institution,
      name: totals.name,
      read: totals.read,
      rejected: totals.rejected,
      rejected_share: totals.rejectedShare,
      current_hour: SmsTotalsResponse.of(totals.currentHour),
    };
  }
}

/** The SMS of one UTC hour from one institution's sender ids, in one bucket. */
@ApiSchema({ name: 'SmsHourCount' })
export class SmsHourCountResponse {
  @DateTimeProperty() readonly hour!: string;
  @TextProperty() readonly institution!: string;
  @ChoiceProperty(BUCKETS, { description: 'the tier that read them, or rejected' }) readonly bucket!: SmsHourBucket;
  @TextProperty({ nullable: true, description: 'why they were rejected' }) readonly reason!: string | null;
  @CountProperty() readonly sms!: number;

  static of(count: SmsHourCount): SmsHourCountResponse {
    return { hour: count.hour.toISOString(), institution: count.institution, bucket: count.bucket, reason: count.reason, sms: count.sms };
  }
}

@ApiSchema({ name: 'SmsStats' })
export class SmsStatsResponse {
  @DateTimeProperty({ description: 'the start of the first hour counted (UTC)' }) readonly since!: string;
  @DateTimeProperty({ description: 'the start of the hour in progress, the last one counted' }) readonly current_hour!: string;
  @CountProperty({ minimum: 1 }) readonly hours!: number;
  @ApiProperty({ type: [InstitutionTotalsResponse], description: 'per institution, the most rejected first' }) readonly institutions!: readonly InstitutionTotalsResponse[];
  @ApiProperty({ type: [SmsHourCountResponse] }) readonly counts!: readonly SmsHourCountResponse[];

  static of({ since, currentHour, counts }: SmsHours, hours: number): SmsStatsResponse {
    return {
      since: since.toISOString(),
      current_hour: currentHour.toISOString(),
      hours,
      institutions: institutionTotals(counts, currentHour).map(InstitutionTotalsResponse.of),
      counts: counts.map(SmsHourCountResponse.of),
    };
  }
}

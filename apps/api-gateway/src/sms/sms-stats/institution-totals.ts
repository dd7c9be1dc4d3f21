import { SmsHourCount } from '@pvs/read-model';
import { institution, isInstitutionId } from '@pvs/sms-parsers';

/** SMS read (by any tier) and rejected. */
export interface Totals {
  read: number;
  rejected: number;
}

/** What the page, the CLI and alerts compare: per institution, SMS read and rejected over the hours and in the current one. */
export interface InstitutionTotals {
  readonly institution: string;
  readonly name: string;
  readonly read: number;
  readonly rejected: number;
  /** rejected / (read + rejected), 4 decimals; null without SMS. */
  readonly rejectedShare: number | null;
  readonly currentHour: Totals;
}

const share = ({ read, rejected }: Totals) => (read + rejected === 0 ? null : Math.round((rejected / (read + rejected)) * 10_000) / 10_000);

/** Each institution's totals, the most rejected first. */
export function institutionTotals(counts: readonly SmsHourCount[], currentHour: Date): InstitutionTotals[] {
  const byInstitution = new Map<string, { all: Totals; current: Totals }>();
  for (const count of counts) {
    let totals = byInstitution.get(count.institution);
    if (!totals) byInstitution.set(count.institution, (totals = { all: { read: 0, rejected: 0 }, current: { read: 0, rejected: 0 } }));
    const result = count.bucket === 'rejected' ? 'rejected' : 'read';
    totals.all[result] += count.sms;
    if (count.hour.getTime() === currentHour.getTime()) totals.current[result] += count.sms;
  }
  return [...byInstitution]
    .map(([id, { all, current }]) => ({
      institution: id,
      name: isInstitutionId(id) ? institution(id).name : 'Other senders',
      ...all,
      rejectedShare: share(all),
      currentHour: current,
    }))
    .sort((a, b) => b.rejected - a.rejected || a.institution.localeCompare(b.institution));
}

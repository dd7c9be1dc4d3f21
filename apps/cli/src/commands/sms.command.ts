import { Command } from 'commander';
import type { ReparseResult, SmsData, SmsHourCountData, SmsStatsData } from '../api-types';
import { action, wholeNumber, wholeNumberIn } from '../program';

/** The most hours `sms stats` can look back, as the API takes them. */
const MAX_STATS_HOURS = 168;

export function smsCommand(program: Command): void {
  const sms = program.command('sms').description('forwarded SMS');

  sms
    .command('rejected')
    .description('SMS no template could read (unknown format, untrusted sender, …), newest first')
    .option('--tenant <id>', "only this tenant's")
    .option('--limit <n>', 'at most this many (default 100)', wholeNumber)
    .action(
      action(async ({ api, out }, options: { tenant?: string; limit?: number }) => {
        const rejected = await api.get<SmsData[]>('/admin/sms', { state: 'rejected', tenant_id: options.tenant, limit: options.limit });
        out.result(rejected, () =>
          out.table(
            ['sms_id', 'tenant_id', 'sender', 'recorded_at', 'reason', 'readable by', 'body'],
            rejected.map((s) => [s.sms_id, s.tenant_id, s.sender, s.recorded_at, s.rejection_reason, s.readable_by, s.body ?? '(erased)']),
          ),
        );
      }),
    );

  sms
    .command('stats')
    .description('SMS read and rejected per institution over the last hours (UTC), the most rejected first, with the reasons and the tiers that read them')
    .option('--hours <n>', `how many hours back, the current one included: 1 to ${MAX_STATS_HOURS} (default 48)`, wholeNumberIn(1, MAX_STATS_HOURS))
    .option('--tenant <id>', "only this tenant's")
    .action(
      action(async ({ api, out }, options: { hours?: number; tenant?: string }) => {
        const stats = await api.get<SmsStatsData>('/admin/sms/stats', { hours: options.hours, tenant_id: options.tenant });
        out.result(stats, () => {
          const names = new Map(stats.institutions.map((i) => [i.institution, i.name]));
          const nameOf = (id: string) => names.get(id) ?? id;
          out.line(`SMS since ${stats.since} (${stats.hours} hours, UTC)`);
          out.table(
            ['institution', 'read', 'rejected', 'rejected %', 'this hour'],
            stats.institutions.map((i) => [
              i.name,
              i.read,
              i.rejected,
              i.rejected_share === null ? null : `${(i.rejected_share * 100).toFixed(1)}%`,
              `${i.current_hour.read} read / ${i.current_hour.rejected} rejected`,
            ]),
          );
          const rejected = stats.counts.filter((c) => c.bucket === 'rejected');
          out.table(['institution', 'reason', 'sms'], summed(rejected, (c) => c.reason, nameOf));
          const read = stats.counts.filter((c) => c.bucket !== 'rejected');
          out.table(['institution', 'tier', 'sms'], summed(read, (c) => c.bucket, nameOf));
        });
      }),
    );

  sms
    .command('reparse')
    .description('parse the rejected SMS again, after a template or a sender was added')
    .option('--tenant <id>', "only this tenant's")
    .action(
      action(async ({ api, out }, options: { tenant?: string }) => {
        const summary = await api.post<ReparseResult>('/admin/sms/reparse', { tenant_id: options.tenant });
        out.result(summary, () => out.line(`${summary.recognised} of ${summary.examined} rejected SMS recognised now`));
      }),
    );
}

/** The hours' SMS summed per institution and `detail` (a reason, a tier) as table rows, the most first. */
function summed(counts: readonly SmsHourCountData[], detail: (count: SmsHourCountData) => string | null, nameOf: (id: string) => string): unknown[][] {
  const sums = new Map<string, { institution: string; detail: string | null; sms: number }>();
  for (const count of counts) {
    const key = JSON.stringify([count.institution, detail(count)]);
    const sum = sums.get(key) ?? { institution: count.institution, detail: detail(count), sms: 0 };
    sum.sms += count.sms;
    sums.set(key, sum);
  }
  return [...sums.values()]
    .sort((a, b) => b.sms - a.sms)
    .map((sum) => [nameOf(sum.institution), sum.detail, sum.sms]);
}

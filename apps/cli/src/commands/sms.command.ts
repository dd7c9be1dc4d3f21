import { Command } from 'commander';
import { SmsData } from '../api-types';
import { action, wholeNumber } from '../program';

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
            rejected.map((s) => [s.sms_id, s.tenant_id, s.sender, s.recorded_at, s.rejection_reason, s.readable_by, s.body]),
          ),
        );
      }),
    );

  sms
    .command('reparse')
    .description('parse the rejected SMS again, after a template or a sender was added')
    .option('--tenant <id>', "only this tenant's")
    .action(
      action(async ({ api, out }, options: { tenant?: string }) => {
        const summary = await api.post<{ examined: number; recognised: number }>('/admin/sms/reparse', { tenant_id: options.tenant });
        out.result(summary, () => out.line(`${summary.recognised} of ${summary.examined} rejected SMS recognised now`));
      }),
    );
}

import { Command } from 'commander';
import type { AlertData } from '../api-types';
import { action, wholeNumber } from '../program';

export function alertsCommand(program: Command): void {
  const alerts = program.command('alerts').description('what needs a person: silent phones, SMS the balances say are missing, stalled payments, reviews');

  alerts
    .command('list')
    .description('alerts, newest first (open ones unless --state says otherwise)')
    .option('--tenant <id>', 'only this tenant')
    .option('--kind <kind>', 'only this kind: forwarder.silent, sms.gap_suspected, payment.stalled or payment.review_required')
    .option('--state <state>', 'open (default), unacknowledged, cleared or all')
    .option('--limit <n>', 'at most this many (default 100)', wholeNumber)
    .action(
      action(async ({ api, out }, options: { tenant?: string; kind?: string; state?: string; limit?: number }) => {
        const all = await api.get<AlertData[]>('/admin/alerts', { tenant_id: options.tenant, kind: options.kind, state: options.state, limit: options.limit });
        out.rows(all, ['id', 'tenant', 'kind', 'raised at', 'summary', 'acknowledged by', 'cleared by'], (alert) => [
          alert.alert_id,
          alert.tenant_id,
          alert.kind,
          alert.raised_at,
          alert.summary,
          alert.acknowledged_by,
          alert.cleared_by,
        ]);
      }),
    );

  alerts
    .command('ack')
    .description('acknowledge an alert: recorded under your name, once')
    .argument('<id>', 'the alert id, as `alerts list` shows it')
    .option('--note <text>', 'what is being done about it')
    .action(
      action(async ({ api, out }, id: string, options: { note?: string }) => {
        const alert = await api.post<AlertData>(`/admin/alerts/${encodeURIComponent(id)}/acknowledge`, options.note === undefined ? {} : { note: options.note });
        out.result(alert, () => out.line(`${alert.kind} ${alert.alert_id} acknowledged by ${alert.acknowledged_by} at ${alert.acknowledged_at}`));
      }),
    );
}

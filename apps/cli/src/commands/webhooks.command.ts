import { Command } from 'commander';
import { AdminClient } from '../admin-client';
import type { DeliveryData, DeliveryWithAttempts, RedeliverResult } from '../api-types';
import { UsageError } from '../cli-errors';
import { action, wholeNumber } from '../program';
import { progressBar } from '../progress';

const FAILED_STATUSES = ['dead', 'undeliverable'] as const;

interface FailedFilter {
  readonly tenant?: string;
  readonly limit?: number;
}

export function webhooksCommand(program: Command): void {
  const webhooks = program.command('webhooks').description('webhook deliveries to merchants');

  webhooks
    .command('failed')
    .description('deliveries that gave up (dead) or had no URL (undeliverable), newest first')
    .option('--tenant <id>', "only this tenant's")
    .option('--limit <n>', 'at most this many of each status (default 100)', wholeNumber)
    .action(
      action(async ({ api, out }, options: FailedFilter) => {
        const failed = await failedDeliveries(api, options);
        out.result(failed, () =>
          out.table(
            ['id', 'tenant_id', 'transaction_uuid', 'event', 'status', 'attempts', 'last error', 'created_at'],
            failed.map((d) => [d.id, d.tenant_id, d.transaction_uuid, d.event, d.status, d.attempts, lastError(d), d.created_at]),
          ),
        );
      }),
    );

  webhooks
    .command('attempts')
    .description('one delivery with every attempt made')
    .argument('<delivery-id>', 'the delivery id')
    .action(
      action(async ({ api, out }, id: string) => {
        const delivery = await api.get<DeliveryWithAttempts>(`/admin/webhooks/deliveries/${id}`);
        out.result(delivery, () => {
          out.record([
            ['id', delivery.id],
            ['tenant_id', delivery.tenant_id],
            ['transaction_uuid', delivery.transaction_uuid],
            ['event', delivery.event],
            ['url', delivery.url],
            ['status', delivery.status],
            ['next_attempt_at', delivery.next_attempt_at],
            ['created_at', delivery.created_at],
            ['delivered_at', delivery.delivered_at],
          ]);
          out.table(
            ['attempt', 'started_at', 'ms', 'status', 'outcome', 'error'],
            delivery.attempts_log.map((a) => [a.attempt, a.started_at, a.duration_ms, a.status_code, a.outcome, a.error]),
          );
        });
      }),
    );

  webhooks
    .command('redeliver')
    .description('send a delivery again now, or every failed one with --failed')
    .argument('[delivery-id]', 'the delivery id')
    .option('--failed', 'every dead or undeliverable delivery (of --tenant only, if given)')
    .option('--tenant <id>', 'with --failed: only this tenant')
    .action(
      action(async ({ api, out }, id: string | undefined, options: FailedFilter & { failed?: boolean }) => {
        if (Boolean(id) === Boolean(options.failed)) throw new UsageError('give either a delivery id or --failed');
        if (id) {
          const { redelivered } = await api.post<RedeliverResult>(`/admin/webhooks/deliveries/${id}/redeliver`);
          return out.result({ redelivered }, () => out.line(redelivered ? `delivery ${id} will be sent again now` : `delivery ${id} has no URL to send to`));
        }
        const failed = await failedDeliveries(api, { tenant: options.tenant, limit: 1000 });
        const bar = out.json ? null : progressBar('redelivering');
        bar?.start(failed.length, 0, { detail: '' });
        const redelivered: string[] = [];
        const skipped: string[] = [];
        for (const delivery of failed) {
          const answer = await api.post<RedeliverResult>(`/admin/webhooks/deliveries/${delivery.id}/redeliver`);
          (answer.redelivered ? redelivered : skipped).push(delivery.id);
          bar?.increment();
        }
        bar?.stop();
        out.result({ redelivered, skipped }, () =>
          out.line(`${redelivered.length} of ${failed.length} failed deliveries will be sent again now${skipped.length ? `; ${skipped.length} have no URL to send to` : ''}`),
        );
      }),
    );
}

async function failedDeliveries(api: AdminClient, { tenant, limit }: FailedFilter): Promise<DeliveryData[]> {
  const lists = await Promise.all(
    FAILED_STATUSES.map((status) => api.get<DeliveryData[]>('/admin/webhooks/deliveries', { status, tenant_id: tenant, limit })),
  );
  return lists.flat().sort((a, b) => b.created_at.localeCompare(a.created_at));
}

function lastError(delivery: DeliveryData): string | null {
  if (delivery.last_status_code !== null) return `HTTP ${delivery.last_status_code}`;
  return delivery.last_error;
}

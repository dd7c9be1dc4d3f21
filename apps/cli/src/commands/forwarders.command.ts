import { Command } from 'commander';
import type { ForwarderData, ForwarderWithKey } from '../api-types';
import { action, wholeNumber } from '../program';

/** "wallet_one 4821 sim1, bank": the accounts a phone carries, in a cell. */
const accountsOf = (forwarder: ForwarderData) =>
  forwarder.accounts.map(({ gateway, account, sim }) => [gateway, account, sim === null ? null : `sim${sim}`].filter((part) => part !== null).join(' ')).join(', ') || null;

const heartbeatOf = (forwarder: ForwarderData) => (forwarder.heartbeat ? `${forwarder.heartbeat.status} ${forwarder.heartbeat.at}` : null);

export function forwardersCommand(program: Command): void {
  const forwarders = program.command('forwarders').description('the phones that forward SMS: known from the first SMS or heartbeat each sends');

  forwarders
    .command('list')
    .description('forwarding phones, newest first, with their last SMS and heartbeat')
    .option('--tenant <id>', 'only this tenant')
    .option('--limit <n>', 'at most this many (default 100)', wholeNumber)
    .action(
      action(async ({ api, out }, options: { tenant?: string; limit?: number }) => {
        const all = await api.get<ForwarderData[]>('/admin/forwarders', { tenant_id: options.tenant, limit: options.limit });
        out.rows(all, ['id', 'tenant', 'app', 'device', 'name', 'accounts', 'last SMS', 'SMS 24 h', 'heartbeat', 'silent since', 'retired at'], (f) => [
          f.forwarder_id,
          f.tenant_id,
          f.app,
          f.device,
          f.name,
          accountsOf(f),
          f.last_sms_at ?? null,
          f.sms_last_24h ?? 0,
          heartbeatOf(f),
          f.silent_since,
          f.retired_at,
        ]);
      }),
    );

  forwarders
    .command('name')
    .description('give a forwarder a name operators know it by')
    .argument('<id>', 'the forwarder id, as `forwarders list` shows it')
    .argument('<name>', 'the name ("Shop counter")')
    .action(
      action(async ({ api, out }, id: string, name: string) => {
        const forwarder = await api.patch<ForwarderData>(`/admin/forwarders/${encodeURIComponent(id)}`, { name });
        out.result(forwarder, () => out.line(`${forwarder.forwarder_id} is now named ${forwarder.name}`));
      }),
    );

  forwarders
    .command('retire')
    .description('stop watching a forwarder, until it speaks again')
    .argument('<id>', 'the forwarder id, as `forwarders list` shows it')
    .action(
      action(async ({ api, out }, id: string) => {
        const forwarder = await api.post<ForwarderData>(`/admin/forwarders/${encodeURIComponent(id)}/retire`);
        out.result(forwarder, () => out.line(`${forwarder.name ?? forwarder.device ?? forwarder.forwarder_id} retired at ${forwarder.retired_at}`));
      }),
    );

  forwarders
    .command('provision')
    .description("give a phone of a tenant its own forwarder key (shown once): it authenticates the phone's SMS and heartbeats and names it")
    .argument('<tenant-id>', 'the tenant whose phone it is')
    .argument('<device>', 'the name it goes by ("counter-phone"), as its X-Forwarder-Id would say')
    .action(
      action(async ({ api, out }, tenantId: string, device: string) => {
        const forwarder = await api.post<ForwarderWithKey>('/admin/forwarders', { tenant_id: tenantId, device });
        out.result(forwarder, () => out.line(`${forwarder.device} (${forwarder.forwarder_id}): forwarder key ${forwarder.forwarder_key} (shown once)`));
      }),
    );

  forwarders
    .command('key')
    .description('issue a phone named by its merchant a new key of its own; the one before stops working at once')
    .argument('<id>', 'the forwarder id, as `forwarders list` shows it')
    .action(
      action(async ({ api, out }, id: string) => {
        const forwarder = await api.post<ForwarderWithKey>(`/admin/forwarders/${encodeURIComponent(id)}/credential`);
        out.result(forwarder, () => out.line(`${forwarder.name ?? forwarder.device}: forwarder key ${forwarder.forwarder_key} (shown once)`));
      }),
    );

  forwarders
    .command('revoke-key')
    .description("revoke a phone's own key: refused at once")
    .argument('<id>', 'the forwarder id, as `forwarders list` shows it')
    .action(
      action(async ({ api, out }, id: string) => {
        const forwarder = await api.post<ForwarderData>(`/admin/forwarders/${encodeURIComponent(id)}/credential/revoke`);
        out.result(forwarder, () => out.line(`${forwarder.name ?? forwarder.device ?? forwarder.forwarder_id} has no key of its own now`));
      }),
    );
}

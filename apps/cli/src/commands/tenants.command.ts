import { Argument, Command, Option } from 'commander';
import { AdminClient } from '../admin-client';
import { TenantData } from '../api-types';
import { Output } from '../output';
import { action, wholeNumber } from '../program';

const SECRETS = ['api_key', 'gateway_secret', 'webhook_secret'] as const;
const VERIFICATION_POLICIES = ['standard', 'strict'];
const VERIFICATION_POLICY_OPTION = new Option('--verification-policy <policy>', 'how sure an SMS reading must be to verify on its own').choices(VERIFICATION_POLICIES);

export function tenantsCommand(program: Command): void {
  const tenants = program.command('tenants').description('merchants: create, list, suspend, activate, rotate their credentials');

  tenants
    .command('create')
    .description('register a merchant; prints its API key, gateway secret and webhook secret, once')
    .argument('<name>', "the merchant's name")
    .option('--webhook-url <url>', 'where decisions are sent when a payment has no callback_url')
    .option('--unpaid-cycle-limit <cycles>', 'unpaid billing cycles before registrations are refused (402)', wholeNumber)
    .addOption(new Option('--balance-check <mode>', 'what a broken balance chain does').choices(['record', 'review']))
    .addOption(VERIFICATION_POLICY_OPTION)
    .action(
      action(async ({ api, out }, name: string, options: { webhookUrl?: string; unpaidCycleLimit?: number; balanceCheck?: string; verificationPolicy?: string }) => {
        const tenant = await api.post<TenantData>('/admin/tenants', {
          name,
          webhook_url: options.webhookUrl,
          unpaid_cycle_limit: options.unpaidCycleLimit,
          balance_check: options.balanceCheck,
          verification_policy: options.verificationPolicy,
        });
        showTenant(out, tenant);
      }),
    );

  tenants
    .command('list')
    .description('every merchant, oldest first')
    .action(
      action(async ({ api, out }) => {
        const all = await api.get<TenantData[]>('/admin/tenants');
        out.result(all, () =>
          out.table(
            ['id', 'name', 'status', 'unpaid', 'webhook_url', 'created_at'],
            all.map((t) => [t.id, t.name, t.status, `${t.unpaid_cycles}/${t.unpaid_cycle_limit}`, t.webhook_url, t.created_at]),
          ),
        );
      }),
    );

  /** A command on one tenant that answers with the tenant (and a secret, when it issues one). */
  const onTenant = (name: string, description: string, send: (api: AdminClient, id: string) => Promise<TenantData>) =>
    tenants
      .command(name)
      .description(description)
      .argument('<id>', 'tenant id')
      .action(action(async ({ api, out }, id: string) => showTenant(out, await send(api, id))));
  onTenant('suspend', 'refuse its new payment registrations (402); its SMS are still matched', (api, id) =>
    api.patch(`/admin/tenants/${id}`, { status: 'suspended' }),
  );
  onTenant('activate', 'accept its payment registrations again', (api, id) => api.patch(`/admin/tenants/${id}`, { status: 'active' }));
  onTenant('rotate-key', 'issue a new API key, shown once; the old one stops working at once', (api, id) =>
    api.post(`/admin/tenants/${id}/rotate-api-key`),
  );
  onTenant('rotate-gateway-secret', 'issue a new gateway secret (SMS forwarders), shown once; the old one stops working at once', (api, id) =>
    api.post(`/admin/tenants/${id}/rotate-gateway-secret`),
  );

  tenants
    .command('set-unpaid')
    .description('record how many billing cycles it has not paid (at its limit, registrations get 402)')
    .argument('<id>', 'tenant id')
    .argument('<cycles>', 'unpaid cycles', wholeNumber)
    .action(action(async ({ api, out }, id: string, cycles: number) => showTenant(out, await api.patch<TenantData>(`/admin/tenants/${id}`, { unpaid_cycles: cycles }))));

  tenants
    .command('set-verification-policy')
    .description('how sure an SMS reading must be to verify a payment on its own (strict: configured accounts must be stated, and a reading no template knows must name the merchant and show nothing its institution does not usually send)')
    .argument('<id>', 'tenant id')
    .addArgument(new Argument('<policy>', 'standard or strict').choices(VERIFICATION_POLICIES))
    .action(
      action(async ({ api, out }, id: string, policy: string) =>
        showTenant(out, await api.patch<TenantData>(`/admin/tenants/${id}`, { verification_policy: policy })),
      ),
    );

  tenants
    .command('rotate-webhook-secret')
    .description('issue a new webhook signing secret, shown once; the old one keeps signing during the overlap')
    .argument('<id>', 'tenant id')
    .option('--overlap <seconds>', 'how long the old secret keeps signing too (default 86400)', wholeNumber)
    .action(
      action(async ({ api, out }, id: string, options: { overlap?: number }) => {
        const rotated = await api.post<{ id: string; webhook_secret: string; previous_secret_valid_until: string }>(
          `/admin/tenants/${id}/rotate-webhook-secret`,
          { overlap_seconds: options.overlap },
        );
        out.result(rotated, () => {
          out.record([
            ['id', rotated.id],
            ['webhook_secret', rotated.webhook_secret],
            ['previous secret signs until', rotated.previous_secret_valid_until],
          ]);
          out.note('The new secret is shown only this once: give it to the merchant now.');
        });
      }),
    );
}

function showTenant(out: Output, tenant: TenantData): void {
  out.result(tenant, () => {
    const secrets = SECRETS.filter((name) => tenant[name] !== undefined);
    out.record([
      ['id', tenant.id],
      ['name', tenant.name],
      ['status', tenant.status],
      ['unpaid cycles', `${tenant.unpaid_cycles} of ${tenant.unpaid_cycle_limit}`],
      ['webhook_url', tenant.webhook_url],
      ['balance_check', tenant.balance_check],
      ['verification_policy', tenant.verification_policy],
      ['allowed_senders', tenant.allowed_senders],
      ['receiving_accounts', tenant.receiving_accounts],
      ['created_at', tenant.created_at],
      ...secrets.map((name) => [name, tenant[name]] as const),
    ]);
    if (secrets.length > 0) out.note(`Shown only this once, store ${secrets.length === 1 ? 'it' : 'them'} now: ${secrets.join(', ')}.`);
  });
}

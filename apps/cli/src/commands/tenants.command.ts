import { createInterface } from 'node:readline';
import { Argument, Command, Option } from 'commander';
import { AdminClient } from '../admin-client';
import { UsageError } from '../cli-errors';
import type { RotatedWebhookSecret, TenantData } from '../api-types';
import { Output } from '../output';
import { action, wholeNumber } from '../program';

const SECRETS = ['api_key', 'gateway_secret', 'webhook_secret'] as const;
/** The API's page size when no --limit is given. */
const DEFAULT_PAGE_SIZE = 100;
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
    .description('merchants, oldest first, a page at a time')
    .option('--limit <n>', 'at most this many (default 100, at most 1000)', wholeNumber)
    .option('--after <id>', 'only those after this one: the last id of the page before')
    .action(
      action(async ({ api, out }, options: { limit?: number; after?: string }) => {
        const page = await api.get<TenantData[]>('/admin/tenants', { limit: options.limit, after: options.after });
        out.rows(page, ['id', 'name', 'status', 'unpaid', 'webhook_url', 'created_at'], (t) => [t.id, t.name, t.status, `${t.unpaid_cycles}/${t.unpaid_cycle_limit}`, t.webhook_url, t.created_at]);
        if (page.length > 0 && page.length === (options.limit ?? DEFAULT_PAGE_SIZE)) out.note(`More may follow: pvs tenants list --after ${page[page.length - 1].id}`);
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
    .command('set-retention')
    .description("how many days its payers' data (SMS text, names, numbers) is kept before it is erased (30 to 3650; 180 by default)")
    .argument('<id>', 'tenant id')
    .argument('<days>', 'days', wholeNumber)
    .action(action(async ({ api, out }, id: string, days: number) => showTenant(out, await api.patch<TenantData>(`/admin/tenants/${id}`, { payer_data_retention_days: days }))));

  tenants
    .command('rotate-webhook-secret')
    .description('issue a new webhook signing secret, shown once; the old one keeps signing during the overlap')
    .argument('<id>', 'tenant id')
    .option('--overlap <seconds>', 'how long the old secret keeps signing too (default 86400)', wholeNumber)
    .action(
      action(async ({ api, out }, id: string, options: { overlap?: number }) => {
        const rotated = await api.post<RotatedWebhookSecret>(
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

  twilioTokenCommands(tenants);
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
      ['payer data kept', `${tenant.payer_data_retention_days} days`],
      ['allowed_senders', tenant.allowed_senders],
      ['receiving_accounts', tenant.receiving_accounts],
      ['created_at', tenant.created_at],
      ...secrets.map((name) => [name, tenant[name]] as const),
    ]);
    if (secrets.length > 0) out.note(`Shown only this once, store ${secrets.length === 1 ? 'it' : 'them'} now: ${secrets.join(', ')}.`);
  });
}

/** `tenants twilio-token set|clear`: the auth token is read from standard input, so it stays out of shell history and the process list. */
function twilioTokenCommands(tenants: Command): void {
  const twilioToken = tenants.command('twilio-token').description("a tenant's Twilio auth token, with which the signature of the SMS Twilio posts for it is checked");
  const showCheck = (out: Output, tenant: TenantData) =>
    out.result(tenant, () => out.record([['id', tenant.id], ['name', tenant.name], ['twilio_signature_check', tenant.twilio_signature_check]]));
  twilioToken
    .command('set')
    .description('give the auth token (Twilio Console, Account Info) on standard input, e.g. `pvs tenants twilio-token set <id> < token.txt`; Twilio SMS without its signature are then refused (403)')
    .argument('<id>', 'tenant id')
    .action(
      action(async ({ api, out }, id: string) => showCheck(out, await api.put<TenantData>(`/admin/tenants/${id}/twilio-auth-token`, { auth_token: await firstLineOfStdin() }))),
    );
  twilioToken
    .command('clear')
    .description("remove it: Twilio's signature is no longer checked, the gateway secret alone admits its SMS")
    .argument('<id>', 'tenant id')
    .action(action(async ({ api, out }, id: string) => showCheck(out, await api.delete<TenantData>(`/admin/tenants/${id}/twilio-auth-token`))));
}

async function firstLineOfStdin(): Promise<string> {
  if (process.stdin.isTTY) process.stderr.write('Twilio auth token, then Enter: ');
  let token = '';
  for await (const line of createInterface({ input: process.stdin, terminal: false })) {
    token = line.trim();
    break;
  }
  if (!token) throw new UsageError('no auth token on standard input: pipe it in, e.g. `pvs tenants twilio-token set <id> < token.txt`');
  return token;
}

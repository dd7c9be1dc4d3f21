import { Command, InvalidArgumentError } from 'commander';
import type { ListedPaymentLinkData, PaymentLinkData } from '../api-types';
import { action, wholeNumber } from '../program';

/** Rupees as typed: digits, perhaps paisa after a point. */
function rupees(value: string): number {
  if (!/^\d+(\.\d{1,2})?$/.test(value)) throw new InvalidArgumentError('expected an amount in PKR, like 4500 or 4500.50');
  return Number(value);
}

const amountOf = (link: Pick<PaymentLinkData, 'amount' | 'min_amount' | 'max_amount'>) => (link.amount === null ? `${link.min_amount}–${link.max_amount}` : String(link.amount));

export function linksCommand(program: Command): void {
  const links = program.command('links').description("payment links: a page on which a tenant's payers pay and submit their transaction id");

  links
    .command('list')
    .description('payment links, newest first, with their uses and verified payments')
    .option('--tenant <id>', 'only this tenant')
    .option('--limit <n>', 'at most this many (default 100)', wholeNumber)
    .action(
      action(async ({ api, out }, options: { tenant?: string; limit?: number }) => {
        const all = await api.get<ListedPaymentLinkData[]>('/admin/payment-links', { tenant_id: options.tenant, limit: options.limit });
        out.rows(all, ['id', 'tenant', 'url', 'status', 'amount', 'uses', 'verified', 'expires at', 'description'], (link) => [
          link.id,
          link.tenant_id,
          link.url,
          link.status,
          amountOf(link),
          link.max_uses === null ? String(link.uses) : `${link.uses}/${link.max_uses}`,
          link.verified,
          link.expires_at,
          link.description,
        ]);
      }),
    );

  links
    .command('create')
    .description('create a payment link for a tenant (recorded under your name)')
    .argument('<tenant-id>', 'the tenant whose link it is')
    .option('--amount <pkr>', 'what the payer pays; leave it out to let the payer enter it', rupees)
    .option('--min <pkr>', 'the least a payer may enter (without --amount)', rupees)
    .option('--max <pkr>', 'the most a payer may enter (without --amount)', rupees)
    .option('--description <text>', 'what it is for, shown to the payer')
    .option('--gateways <list>', 'comma-separated: wallet_one,wallet_two,bank (all when left out)')
    .option('--uses <n>', 'how many payments it takes (1: single use); no limit when left out', wholeNumber)
    .option('--expires <iso>', 'when it stops taking payments (ISO 8601 with a time zone)')
    .option('--return-url <url>', 'where the payer is sent back, with a signed result')
    .action(
      action(async ({ api, out }, tenantId: string, options: { amount?: number; min?: number; max?: number; description?: string; gateways?: string; uses?: number; expires?: string; returnUrl?: string }) => {
        const link = await api.post<PaymentLinkData>('/admin/payment-links', {
          tenant_id: tenantId,
          amount: options.amount,
          min_amount: options.min,
          max_amount: options.max,
          description: options.description,
          gateways: options.gateways?.split(',').map((gateway) => gateway.trim()),
          max_uses: options.uses,
          expires_at: options.expires,
          return_url: options.returnUrl,
        });
        out.result(link, () => out.line(`${link.url} (${amountOf(link)} PKR; QR: ${link.qr_url})`));
      }),
    );

  links
    .command('disable')
    .description('stop a payment link taking payments, at once')
    .argument('<id>', 'the link id, as `links list` shows it')
    .action(
      action(async ({ api, out }, id: string) => {
        const link = await api.post<PaymentLinkData>(`/admin/payment-links/${encodeURIComponent(id)}/disable`);
        out.result(link, () => out.line(`${link.url} disabled at ${link.disabled_at}`));
      }),
    );
}

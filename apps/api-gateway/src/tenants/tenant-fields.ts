import { Tenant } from '@pvs/domain';
import { ALERT_WEBHOOK_EVENTS, AlertWebhookEvent, AllowedSenders } from '@pvs/contracts';
import { PerGatewayListDto, ReceivingAccountsDto } from './per-gateway-list.dto';

/** Keeps only the gateways given: a gateway left out falls back to its default. */
export function perGatewayLists(dto: PerGatewayListDto | ReceivingAccountsDto | null | undefined): AllowedSenders | null {
  if (!dto) return null;
  const senders: AllowedSenders = {};
  if (dto.wallet_one) senders.wallet_one = dto.wallet_one;
  if (dto.wallet_two) senders.wallet_two = dto.wallet_two;
  if (dto.bank) senders.bank = dto.bank;
  return senders;
}

/** A tenant as the admin API shows it: never its secrets. */
export function tenantResponse(tenant: Tenant) {
  return {
    id: tenant.id,
    name: tenant.name,
    status: tenant.status,
    unpaid_cycles: tenant.unpaidCycles,
    unpaid_cycle_limit: tenant.unpaidCycleLimit,
    webhook_url: tenant.webhookUrl,
    allowed_senders: tenant.allowedSenders,
    receiving_accounts: tenant.receivingAccounts,
    balance_check: tenant.balanceCheck,
    verification_policy: tenant.verificationPolicy,
    alert_webhooks: tenant.alertWebhooks,
    twilio_signature_check: tenant.twilioAuthToken !== null,
    created_at: tenant.createdAt,
  };
}

/** A list of alert webhooks as stored: each once, in the order they are documented. */
export function alertWebhookList(requested: readonly AlertWebhookEvent[]): AlertWebhookEvent[] {
  return ALERT_WEBHOOK_EVENTS.filter((event) => requested.includes(event));
}

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

/** A list of alert webhooks as stored: each once, in the order they are documented. */
export function alertWebhookList(requested: readonly AlertWebhookEvent[]): AlertWebhookEvent[] {
  return ALERT_WEBHOOK_EVENTS.filter((event) => requested.includes(event));
}
